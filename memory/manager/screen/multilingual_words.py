"""Concept words in many languages for ``multilingual``: who a sentence speaks to and what it asks of it.

Written from general knowledge for about 90 languages and scripts (session 19), as word *stems*: a
stem matches at the start of a word in scripts that separate words with spaces, anywhere in Thai, Lao,
Burmese, Khmer, Chinese and Japanese. Both the text and the stems are folded the same way
(``multilingual.fold``: NFKC, case folded, hidden characters and combining marks dropped), so accents
and vowel signs need not be exact. A word alone is never a verdict: ``multilingual`` holds a sentence
only on combinations (an AI addressed *and* its instructions voided or asked for, ...).
"""

from __future__ import annotations

# What an AI, an assistant, a bot or a language model is called.
AI = """
ai ia ki ии ші llm gpt chatbot chat-bot bot copilot assistant asistent assistent asystent asistan assistente
asistente assistentti avustaja aðstoðarmaður chuidiche cuidiche cúntóir cynorthwy skoazeller laguntzaile ndihmës
köməkçi kömekçi kömekçisi yordamchi alîkar mataimaki enyemaka kaaliy mpanampy katabang asisten pembantu msaidizi
mncedisi umncedisi mufasha oluranlọwọ iranlọwọ asistan vitlík gervigreind tekoäly tehisintellekt mākslīg dirbtin
umel umetn umjetn vještačk vjestack veštačk vestack sztuczn artificial artificiel artificiale artificiais
kunstmatig künstlich kunstig konstgjord yapay_zeka sun'iy suniy sunʼiy emeli zîrekî zîrekiya jasalma
intellegens machina intelligens mesterséges keinoäly tehis intelig inteligen intelligen chatbotu
ассистент асистент асістэнт асістент памочнік помощник помічник помошник ёрдамчи туслах ярдәмче көмекші
жардамчы бот чатбот нейросет ясалма жасанды жасалма искусствен штучн вештачк вјештачк изкуствен хиймэл
сунъӣ зеҳни
الذكاء ذكاء مساعد هوش دستیار ځيرکتيا ځیرکتیا مصنوعي مصنوعی ذہانت اسسٹنٹ معاون سۈنئىي ياردەمچى زیرەکی
בינה עוזר צ'אטבוט
एआई कृत्रिम सहायक सहाय्यक এআই কৃত্রিম সহকারী ਨਕਲੀ ਸਹਾਇਕ ਏਆਈ કૃત્રિમ સહાયક એઆઈ செயற்கை உதவியாளர்
కృత్రిమ సహాయక సహాయకు ಕೃತಕ ಸಹಾಯಕ കൃത്രിമ സഹായി කෘත්‍රිම සහායක କୃତ୍ରିମ
ปัญญาประดิษฐ์ ผู้ช่วย เอไอ ປັນຍາປະດິດ ຜູ້ຊ່ວຍ ဉာဏ်ရည်တု လက်ထောက် បញ្ញាសិប្បនិម្មិត ជំនួយការ trí_tuệ trợ_lý
人工智能 人工智慧 助手 助理 机器人 機器人 アシスタント 人工知能 ボット チャットボット 인공지능 어시스턴트 비서 챗봇
ხელოვნური ასისტენტ არհեստական օգնական τεχνητ βοηθ ሰው_ሰራሽ ረዳት
"""

# Ignore, forget, disregard, override.
FORGET = """
ignor vergiss vergess missacht olvid oubli dimentic esquec esqueç vergeet negeer zapom zignoruj zabor zanemar
unohda sivuuta glem glöm gleym unut uita ignoră ignora zabudni pamiršk aizmirst unusta elfelejt figyelmen
lupakan abaikan lalekna lalèkna lali quên bỏ_qua sahau puuza kalimutan balewalain ayaw_na_tagda tagda e'tiborsiz
e’tiborsiz etiborsiz ýatdan unutma ji_bîr manta leghara chefuo iska_indha illow adino bliye obliviscere
oblivisc neglige zilibale ibagirw wibagirw dìochuimhnich dearmad anghofi ankouai ahaztu injoro harro gloym
vergiess disregard override forget forgot pozab zabudn
забуд забыв игнорир ігнар ігнор заборав занемар забрави игнорира тоомсорло март мартаж оныт фаромӯш
нодида ұмыт унут
انس تجاهل فراموش نادیده هېر وغورځوه بھول نظرانداز ئۇنتۇ سەل
שכח התעלם תתעלם
भूल अनदेखा नज़रअंदाज़ नजरअंदाज दुर्लक्ष विसर ভুলে উপেক্ষা ਭੁੱਲ ਨਜ਼ਰਅੰਦਾਜ਼ ભૂલ અવગણ மறந் புறக்கணி
మర్చి విస్మరించ ಮರೆ ನಿರ್ಲಕ್ಷಿಸ മറക്ക അവഗണി අමතක නොසලකා
ลืม เพิกเฉย ไม่ต้องสนใจ ລືມ ບໍ່ສົນໃຈ မေ့ လျစ်လျူရှု ភ្លេច មិនអើពើ
忘记 忘掉 忽略 无视 無視 忘れ 무시 잊어 잊으
დაივიწყ უგულებელყ მოռაց մոռաց անտես ξεχάσ ξεχασ αγνόησ αγνοησ እርሳ ችላ
"""

# Instructions, rules, guidelines, directives, prompts.
GUIDANCE = """
instru instrukt anweisung vorgab vorgaben regel regl règle regole consign istruzion indicaç indicac
aanwijzing polecen upute uput uputstv pokyn navodil ohje ohjeet direktiv talimat nurodym norādījum juhis
utasítás utasit arahan petunjuk hướng_dẫn chỉ_thị maelekezo maagizo ko'rsatma ko‘rsatma korsatma görkezme umarni
umurni ntuziaka tilmaam toromarika enstriksyon praecept mandat iziyalelo amabwiriza stiùireadh treoir
cyfarwydd gemennadur kemenn argibide udhëzim təlimat göstəriş vegleiðing leiðbeining fyrirmæl prompt
direttiv orientaç richtlijn kanuni sheria tuntunin instruksyon instruksi instruktioun
guideline guidance directive
инструкц указан правил упатств інструкц інструкцы заавар көрсөтмө күрсәтмә нұсқау дастур упутств промпт
تعليمات دستورالعمل دستورات لارښوون ہدایات کۆرسەتمە كۆرسەتمە رێنمای
הוראות הנחיות
निर्देश हिदायत सूचनाओं নির্দেশ ਹਦਾਇਤ સૂચના அறிவுறுத்த வழிமுறை సూచన ಸೂಚನೆ നിർദ്ദേശ උපදෙස්
คำสั่ง คำแนะนำ ຄຳແນະນຳ ຄຳສັ່ງ ညွှန်ကြား ការណែនាំ
指示 指令 提示词 提示詞 プロンプト 지시 지침 프롬프트
ინსტრუქცი მითითებ հրահանգ οδηγί οδηγι መመሪያ
"""

# Previous, earlier, above, prior.
PRIOR = """
previous prior earlier above vorherig bisherig früher vorig anterior précéden preceden precedent vorige eerder
poprzedn prethodn předchoz predchádzaj predhodn aiemm edelli tidliger tidigare önceki öňki anterioar iepriekš
ankstesn varasem korábbi előző sebelum sadurunge trước awali zilizopita oldingi berê baya gara_aga hore teo_aloha
anvan priora prior zangaphambili yabanje roimhe blaenorol kent aurreko mëparshm əvvəlki fyrri fréier nangaging
naunang nakaraan eelnev eelmi antaŭ முன்
предыдущ прежн попередн папярэдн претходн предишн өмнөх мурунку элекке қаблӣ қабли алдыңғы
السابق قبلی پیشین مخکین مخکینۍ پچھل سابقہ ئىلگىرىكى
הקודמ קודמ
पिछल पूर्व আগের পূর্ববর্তী ਪਿਛਲ અગાઉ முந்தைய మునుపటి ಹಿಂದಿನ മുമ്പത്തെ පෙර
ก่อนหน้า ກ່ອນໜ້າ ယခင် មុន
之前 以前 先前 上述 前の 이전 앞의
წინა նախորդ προηγούμεν προηγουμεν ቀደም
"""

# Show, reveal, print, display, output.
REVEAL = """
reveal show print display output zeig offenbar muestr revela montre révèle mostra rivela toon onthul pokaż
ujawni pokaži otkrij ukaž prozraď näytä paljasta vis= göster arată parādi atskleisk näita mutasd
tunjukkan ungkapkan tampilkan hiển_thị tiết_lộ onyesha fichua ko'rsat ko‘rsat görkez nishon nuna gosi muuji
asehoy aseho ipakita pakita tuduhna tudhuhna eraus vís diskouez ostende bonisa werekane erekana seall
taispeáin dangos erakutsi shfaq göstər affiche imprime stampa drukuj
покаж пакаж раскр покажи откри прикажи хэвлэ харуул көрсөт күрсәт нишон ошкор выведи распечат надрукуй
اعرض أظهر اكشف نمایش نشان ښکاره دکھا ظاہر كۆرسەت کۆرسەت پیشان
הצג חשוף הראה
दिखा प्रकट बताओ দেখাও প্রকাশ ਦਿਖਾ બતાવ દર્શાવ காட்டு வெளிப்படுத்த చూపించ బహిర్గత ತೋರಿಸ ಬಹಿರಂಗ
കാണിക്ക വെളിപ്പെടുത്ത පෙන්වන්න හෙළි
แสดง เปิดเผย ສະແດງ ပြသ ပြပါ បង្ហាញ
显示 顯示 透露 输出 輸出 打印 公开 見せ 出力 表示 보여 공개 출력
მაჩვენე გამოაჩინე ցույց բացահայտ δείξε δειξε εμφάνισ αποκάλυψ አሳይ
"""

SYSTEM = """
system sistem systém sustav systeem järjestelm rendszer sistēm ulgam tizim reizhiad systematis sisitemu
siostaim sistemụ sisitem kerfi kervi sistemi
системн систем систэм
سیستم سیسټم سسٹم نظام سىستېما
מערכת
सिस्टम প্রণালী সিস্টেম ਸਿਸਟਮ સિસ્ટમ சிஸ்டம் அமைப்பு సిస్టమ్ ಸಿಸ್ಟಮ್ സിസ്റ്റം පද්ධති
ระบบ ລະບົບ စနစ် ប្រព័ន្ធ hệ thống
系统 系統 システム 시스템
სისტემ համակարգ σύστημ ሲስተም
"""

# Passwords, secrets, one-time codes.
SECRET = """
password passwort kennwort contraseña mot_de_passe senha wachtwoord hasło haslo lozink lozinku heslo salasana
passord lösenord şifre parola parol parool jelszó kata_sandi sandi mật_khẩu nenosiri kalmar_sirri
okwuntughe sirta miafina modpas eliyimfihlo ibanga facal-faire pasfhocal cyfrinair pasahitz fjalëkalim
şifrə loyniorð passwuert secret geheim secreto segreto otp pin= siri=
пароль лозинк парол нууц серсүз сырсөз махфӣ калид
رمز گذرواژه پټنوم پاسورڈ پاس_ورڈ پارول ئىم
סיסמ
पासवर्ड पासवर्ड কূটশব্দ পাসওয়ার্ড ਪਾਸਵਰਡ પાસવર્ડ கடவுச்சொல் పాస్‌వర్డ్ పాస్వర్డ్ ಪಾಸ್‌ವರ್ಡ್ ಪಾಸ್ವರ್ಡ್
പാസ്‌വേഡ് പാസ്വേഡ് මුරපද
รหัสผ่าน ລະຫັດຜ່ານ စကားဝှက် ពាក្យសម្ងាត់
密码 密碼 パスワード 비밀번호 암호
პაროლ գաղտնաբառ κωδικ የይለፍ
"""

# Ask for, request (of the user).
ASK = """
ask frag pregunt pide demande chiedi pergunt pede vraag zapytaj popro pitaj traži zeptej požádej kysy
pyydä spør fråga sor iste cere jautā küsi kérd ζήτα ρώτα ζητ minta tanya hỏi yêu_cầu uliza omba so'ra
so‘ra sora sorag tambaye jụọ jụo weydii anontanio mangayo pangutana takon mande roga buza baza iarr gofyn
galdetu pyet soruş request demand
спроси попроси запитай папрасі сора пурс асуу сура
اطلب اسأل بپرس وپوښت پوچھ سورا
בקש שאל
पूछ माँग মাগ জিজ্ঞাসা ਪੁੱਛ પૂછ கேள் అడుగ ಕೇಳ ചോദിക്ക අහන්න ඉල්ලන්න
ขอ ถาม ຖາມ ຂໍ မေး សួរ
询问 索要 要求 聞い 尋ね 요구 물어 요청
ჰკითხ მოსთხოვ հարցր պահանջ ζήτησ ጠይቅ
"""

# Send, forward, pass on, save secretly.
SEND = """
send forward schick sende envía envia envoie invia envia stuur wyślij pošalji pošli lähetä send skicka gönder
trimite sūti saada küld kirim gửi tuma yubor ugrat aika ziga alefa ipadala kirimna voye
thumela ohereza seol anfon bidali dërgo göndər
отправ пошли надішли адпраў испрати илгээ жибер жібер фирист
أرسل ارسل بفرست ولېږه بھیج ئەۋەت
שלח
भेज পাঠাও ਭੇਜ મોકલ அனுப்பு పంపు ಕಳುಹಿಸ അയയ്ക്ക යවන්න
ส่ง ສົ່ງ ပို့ ផ្ញើ
发送 發送 转发 送信 送って 보내
გაუგზავნე ուղարկ στείλ ላክ
"""

# Always, from now on, henceforth (for orders about every later answer).
ALWAYS = """
always immer siempre toujours sempre altijd zawsze uvijek vždy vzdy aina alltid altid daima întotdeauna
vienmēr visada alati mindig πάντα selalu luôn kila_mara doim hemişe her_tim ko_yaushe mgbe_niile walba hatrany toujou
semper njalo buri_gihe còmhnaidh gcónaí bob_amser beti gjithmonë həmişə altíð ëmmer kanunay tansah henceforth
desormais désormais d'ora ab_sofort von_nun vanaf od_teraz od_sada od_teď fra_nå från_och_med_nu bundan
mundan ji_niha apati dehinc wiwit_saiki mulai_sekarang từ_nay kuanzia_sasa
всегда отныне завжди відтепер заўсёды секогаш од_сега винаги үргэлж дайыма һәрвакыт ҳамеша
همیشه دائما دائمًا تل ہمیشہ ھەمىشە
תמיד
हमेशा सदैव সর্বদা সবসময় ਹਮੇਸ਼ਾ હંમેશા எப்போதும் ఎల్లప్పుడూ ಯಾವಾಗಲೂ എപ്പോഴും ഇനി സැමවිටම
เสมอ ตลอดไป ສະເໝີ အမြဲ ជានិច្ច
总是 始终 永远 今后 常に いつも 항상 앞으로
ყოველთვის მუდამ միշտ ሁልጊዜ
"""

# Not, never, do not (a rule forbids what an order would ask).
NEGATION = """
not never don't do_not nicht nie kein keine no nunca jamás ne pas jamais non mai não niet nooit nigdy nikad nikdy
ei älä ikke aldri inte aldrig değil asla nu niciodată nekad niekada mitte nem soha δεν μην ποτέ tidak jangan
không đừng kamwe hech kada ma aza musa ungu ntu na ná chan ez nuk mos
не ні ня никогда ніколи
لا لن نه نباید هیچ مت نہیں مه
לא אל
नहीं मत কখনো না ਨਾ ਨਹੀਂ નહીં வேண்டாம் இல்லை వద్దు కాదు ಬೇಡ ഇല്ല വേണ്ട එපා
ไม่ ห้าม 不 别 勿 禁止 しない 않 안 არ ნუ մի μη
"""

# All, every, everything.
ALL = """
all every everything alle alles todo todas todos tout toutes tous tutt tudo todas wszystk sve svi sva vše
všechn kaikki allt alla alt allar her tüm bütün hepsi toate visu visus kõik minden όλ semua segala tất cả
zote barcha hemme ähli hemû hemu duk niile dhammaan daholo tanan tanang kabeh tout omnia zonke yose uile
h-uile gach holl guztiak të gjitha bütün øll allt
все всё всех усе ўсе сите сви всички бүх баар барлык ҳама бар барлық
كل همه ټول تمام ہر بارلىق
כל
सब सारे सभी সব ਸਾਰ બધ எல்லா అన్ని ಎಲ್ಲಾ എല്ലാ සියලු
ทั้งหมด ທັງໝົດ အားလုံး ទាំងអស់
所有 一切 全部 すべて 全て 모든 모두
ყველა բոլոր όλες όλα ሁሉ அனைத் сва све ĉiuj ciuj
"""

# Employees and staff: a sentence that opens with them speaks about people using an AI, not to it.
STAFF = """
employee staff worker colleague mitarbeit beschäftigt belegschaft mataarbechter salarié employé personnel
collaborat empleado trabajador dipendent lavorator funcionári colaborador medewerker werknemer personeel pracowni
zaposlen zaměstnan zamestnan työntekij henkilöstö ansatt anställd medarbejder çalışan personel angajat
alkalmazott munkatárs υπάλληλ εργαζόμεν karyawan pegawai nhân_viên wafanyakazi mfanyakazi xodim
сотрудник работник персонал працівник співробітник служител вработен запослен ажилтан қызметкер
员工 員工 职员 職員 社員 従業員 직원 임직원 الموظف موظف کارکنان کارمند ملازم עובד कर्मचारी কর্মী কর্মচারী
พนักงาน ພະນັກງານ ဝန်ထမ်း បុគ្គលិក
"""

# Verbs of using an AI or being allowed to (review s34 r1 F8): a first clause that names the staff *and* one
# of these is a clause about people using an AI ("Employees may use the AI assistant for drafts, ...",
# "يمكن للموظفين استخدام مساعد الذكاء الاصطناعي ..."); a label that only names the staff beside the AI ("Staff
# and AI assistant:", "Employees' AI assistant:") still turns to the AI.
USE = """
use= uses= using= used= may= can= allowed permitted encouraged welcome= rely= access=
nutz benutz verwend dürf darf könn kann= dierf benotz
utilis peuv peut= pued usar utiliz usa= usano usare podem pode= poss
gebruik mogen mag= kunnen
używ moga może
kullan
menggunakan memakai boleh dapat
sử_dụng được
tumia
использ могут может пользу
використ можуть
يمكن استخدام يستخدم يجوز يسمح
استفاده می_توانند
להשתמש רשאים
उपयोग इस्तेमाल सकते
可以 使用 利用 できる 사용 활용
"""
