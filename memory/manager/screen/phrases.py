"""Phrase banks: what injected instructions say, in several languages.

Each entry names a *concept* and is either strong (it alone holds an item: nobody writes "ignore
your previous instructions" in a leave policy) or weak (ordinary text says it too: "going forward",
"the user", "reply in English"; two weak concepts together, or one with a close semantic match,
hold an item). Latin-script banks run on the ``latin`` form (look-alikes mapped, accents dropped,
lower case), the others on the ``plain`` form. Handbook imperatives aimed at employees ("never
share your badge", "you must submit timesheets") deliberately match nothing strong: what marks an
injection is who it addresses (the assistant, "the user" as a third party) and what it asks for
(earlier instructions void, hidden prompts, data sent elsewhere, secrecy from the reader).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Phrase:
    concept: str
    strong: bool
    form: Literal["latin", "plain"]
    pattern: re.Pattern[str]


def _gap(n: int) -> str:
    """Up to ``n`` words between two parts of a phrase."""
    return rf"(?:\W+\w+){{0,{n}}}\W*"


def _near(n: int) -> str:
    """Up to ``n`` characters (no sentence end) between two parts, for scripts without spaces."""
    return rf"[^。！？!?\n]{{0,{n}}}"


_NEG = r"(?<!not )(?<!never )(?<!n't )(?<!no )"
_AI = r"(?:ai|a\.i\.|assistant|chat ?bot|bot|model|llm|language model|agent|copilot|gpt|claude|gemini)"
# The assistant named in other languages (after accents are dropped).
_AI_ML = r"(?:asistente|assistente|assistant|assistent|assistenten|asystent|asystencie|ki|ia|i\.a\.|modelo|modele|modello|modell)"
_RULES_EN = (
    r"(?:instructions?|rules|directions|guidelines|guidance|prompts?|directives?|constraints|restrictions|"
    r"safeguards|programming|training|orders|commands|system messages?)"
)

_LATIN: tuple[tuple[str, bool, str], ...] = (
    # --- earlier instructions declared void -------------------------------------------------
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|set aside|throw out|drop|"
        rf"pay no attention to|stop following|no longer follow|do not follow|don'?t follow){_gap(4)}{_RULES_EN}\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:previous|prior|earlier|above|original|existing|old|initial|system|your){_gap(2)}{_RULES_EN}"
        rf"{_gap(6)}(?:no longer appl|(?:are|is) (?:now )?(?:void|obsolete|cancell?ed|revoked|superseded|"
        rf"invalid|suspended|outdated)|do(?:es)? not apply|(?:have|has) been (?:replaced|revoked|lifted|"
        rf"updated|suspended|superseded)|should be (?:ignored|disregarded)|(?:are|is) to be (?:ignored|"
        rf"disregarded|treated as void))",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:guidance|instructions|rules) you (?:were|have been) given{_gap(6)}(?:no longer|void|obsolete)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignora|ignore|ignorar|ignoren|olvida|olvide|olviden|olvidar|omite|descarta|desestima|haz caso omiso"
        rf"|esqueca|esquece|esquecer|desconsidere|desconsidera){_gap(4)}(?:instrucciones|reglas|indicaciones|"
        rf"directrices|ordenes|normas|instrucoes|regras|orientacoes|diretrizes|ordens|comandos)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignore[rz]?|oublie[rz]?|ne tenez pas compte|ne tiens pas compte|faites abstraction|fais abstraction)"
        rf"{_gap(4)}(?:instructions|consignes|regles|directives|ordres|indications)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignorier\w*|vergiss\w*|vergessen|missacht\w*|verwirf\w*|uberg\w*){_gap(4)}(?:anweisungen|"
        rf"anordnungen|regeln|vorgaben|richtlinien|befehle|instruktionen|hinweise)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:anweisungen|anordnungen|regeln|vorgaben|instruktionen|befehle){_gap(3)}(?:ignorieren|vergessen|"
        rf"missachten|ausser kraft|ungultig|nicht mehr)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignora|ignorate|ignorare|dimentica|dimenticate|dimenticare|trascura|non considerare){_gap(4)}"
        rf"(?:istruzioni|regole|indicazioni|direttive|ordini)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:negeer|negeren|vergeet|vergeten|zignoruj|ignoruj|zapomnij|pomin|ignorera|glom|abaikan|lupakan|"
        rf"bo qua|ignorer|glem){_gap(4)}(?:instructies|regels|aanwijzingen|richtlijnen|opdrachten|polecenia|"
        rf"polecen|instrukcje|instrukcji|zasady|reguly|wytyczne|instruktioner|regler|anvisningar|instruksi|"
        rf"perintah|aturan|petunjuk|huong dan|chi dan|lenh|quy tac|instruksjoner)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:talimat\w*|kural\w*|yonerge\w*|komut\w*){_gap(2)}(?:yok say|gormezden gel|unut|dikkate alma)",
    ),
    # --- addressing the assistant ------------------------------------------------------------
    (
        "message addressed to the assistant",
        True,
        rf"\b(?:note|message|instruction|reminder|attention|hint|notice|memo|request|tip|advice|ps|p\.s\.)s? "
        rf"(?:to|for) (?:the |any |all )?"
        rf"(?:ai |a\.i\. )?{_AI}s?\b",
    ),
    (
        "message addressed to the assistant",
        True,
        rf"(?:^|[\n.;(\[]|\b(?:dear|hey|hi|hello|attention|important)\W+)\s*(?:the )?(?:ai )?(?:{_AI}|{_AI_ML})\s*[:,]",
    ),
    (
        "message addressed to the assistant",
        True,
        rf"\b(?:any|every|all|the|an?) (?:ai |automated )?(?:{_AI}|ai tool|ai system)s?(?: \w+){{0,2}} (?:that|which|who) "
        rf"(?:reads?|process(?:es)?|summari[sz]es?|sees?|parses?|ingests?|indexes?) this\b"
        rf"|\b{_AI}s? (?:reading|processing|parsing|summari[sz]ing|seeing|ingesting) this\b",
    ),
    (
        "message addressed to the assistant",
        True,
        r"\bif you are an? (?:ai|assistant|language model|llm|chatbot|bot|automated system)\b",
    ),
    (
        "message addressed to the assistant",
        True,
        rf"\b(?:when|while|before|if) (?:you are |you're |you get )?(?:asked to )?(?:summari[sz]\w*|read\w*|"
        rf"process\w*|answer\w* (?:about|questions about)|quot\w*|translat\w*) this"
        rf"(?: page| document| file| text| email| message| result)?{_gap(3)}(?:add|include|insert|append|say|"
        rf"tell|mention|state|claim|write)\b",
    ),
    (
        "message addressed to the assistant",
        True,
        r"\b(?:nota|mensaje|instruccion|aviso|mensagem|recado) (?:para|al|ao|a) (?:el |o |la )?(?:asistente|"
        r"assistente|modelo|ia|bot|chatbot)\b",
    ),
    (
        "message addressed to the assistant",
        True,
        r"\b(?:hinweis|nachricht|anweisung|notiz) (?:an|fur) (?:den |die |das )?(?:assistenten|ki|modell|bot|"
        r"chatbot|sprachmodell)\b",
    ),
    (
        "message addressed to the assistant",
        True,
        r"\b(?:note|message|consigne|remarque) (?:pour|a|au|a l') ?(?:l'|le |la )?(?:assistant|ia|modele|"
        r"chatbot|bot)\b",
    ),
    (
        "message addressed to the assistant",
        True,
        r"\b(?:nota|messaggio|opmerking|bericht|notitie|wiadomosc|notatka) (?:per|voor|aan|dla) (?:l'|il |de )?"
        r"(?:assistente|ia|modello|assistent|ai|asystenta|modelu)\b",
    ),
    (
        "the assistant is told what to do",
        False,
        rf"\b(?:the|this|any|your|all) (?:ai |virtual )?{_AI}s?(?: \w+){{0,4}} (?:should|must|shall|will|is to|"
        rf"needs to|has to|(?:is|are) (?:required|instructed|expected|allowed|authori[sz]ed|supposed) to|may now|"
        rf"can now)\b",
    ),
    (
        "the assistant is told what to do",
        False,
        rf"\b(?:el|la|o|a|der|die|das|l'|il|de|het) ?{_AI_ML} (?:debe|debera|tiene que|deve|devera|tem que|soll|muss|"
        rf"darf|doit|devra|moet|mag)\b|\b(?:soll|muss|darf) (?:der|die|das) {_AI_ML}\b",
    ),
    (
        "answers are told what to say",
        False,
        r"\b(?:answers|responses|replies|outputs)\b(?:\W+\w+){0,5}\W+(?:are to|must|should|shall|need to|have to) "
        r"(?:state|say|claim|tell|mention|confirm|explain|assert|deny|read)\b",
    ),
    (
        "a persona or mode is switched",
        False,
        r"\b(?:switch(?:ing)? to|enter(?:ing)?|activat(?:e|ing)|enabl(?:e|ing)|now in) (?:\w+ ){0,2}(?:persona|mode)\b",
    ),
    (
        "safeguards said to be off",
        False,
        r"\b(?:safety|content|security) (?:checks|filters|rules|policies|guardrails) (?:are|have been) "
        r"(?:disabled|off|removed|lifted|suspended)\b",
    ),
    (
        "the reader's request is set aside",
        False,
        r"\b(?:ignore|disregard|skip) (?:the|this|their) (?:user'?s?|question|request|customer'?s?)\b",
    ),
    (
        "data is to be sent",
        False,
        r"\b(?:are|is|be) to be (?:e-?mailed|sent|forwarded|posted|uploaded|shared|copied|exported) to\b",
    ),
    # --- standing orders -----------------------------------------------------------------------
    (
        "standing order",
        False,
        r"\b(?:from now on|henceforth|going forward|hereafter|from this (?:point|message|moment) (?:on|onwards?)|"
        r"for all future|in (?:all )?future (?:conversations|chats|answers|responses|replies|sessions)|"
        r"a partir de ahora|de ahora en adelante|a partir de agora|de agora em diante|daqui em diante|"
        r"a partir de maintenant|desormais|dorenavant|ab sofort|von nun an|ab jetzt|kunftig|fortan|"
        r"d'ora in (?:poi|avanti)|da ora in (?:poi|avanti)|da adesso in poi|vanaf nu|voortaan|od teraz|"
        r"od tej pory|bundan (?:boyle|sonra)|fran och med nu|mulai sekarang)\b",
    ),
    # --- persona and mode changes --------------------------------------------------------------
    (
        "role reassignment",
        True,
        r"\b(?:you are now|you're now|you will now act|act as an? (?:unrestricted|unfiltered|different|new)|"
        r"pretend (?:to be|you are|that you)|roleplay as|new (?:system )?instructions?:|developer mode|"
        r"jailbreak|dan mode|do anything now|(?:with|have) no (?:restrictions|limits|filters|rules)|"
        r"without (?:any )?(?:restrictions|filters|limitations|safety)|god mode|unrestricted mode)\b",
    ),
    (
        "role reassignment",
        True,
        r"\b(?:ahora eres|a partir de ahora eres|tu es maintenant|vous etes maintenant|du bist (?:jetzt|nun)|"
        r"ora sei|agora voce e|je bent nu|jestes teraz|sin restricciones|sans restrictions|ohne einschrankungen|"
        r"senza restrizioni|sem restricoes)\b",
    ),
    # --- secrets, hidden prompts, data leaving ---------------------------------------------------
    (
        "request for hidden instructions",
        True,
        r"\b(?:system|hidden|initial|original|secret|developer|internal) (?:prompt|instructions|message)s?\b|"
        r"\bprompt (?:del sistema|do sistema|di sistema|systeme|du systeme)\b|\bsystem ?prompt\b|"
        r"\bsystem(?:anweisung|nachricht)\w*",
    ),
    (
        "data sent elsewhere",
        True,
        rf"{_NEG}\b(?:send|forward|email|e-mail|post|upload|transmit|exfiltrate|leak|append|attach|submit|relay|"
        rf"copy|paste|include){_gap(5)}(?:(?:the|this|our|full|entire|whole|complete) (?:conversation|chat|"
        rf"transcript|dialogue)|chat (?:history|log)|conversation (?:history|log)|previous messages|api keys?|"
        rf"access tokens?|session tokens?|(?:the |this )?user'?s? (?:\w+ )?(?:email|emails|passwords?|data|details|"
        rf"information|address|messages|files|documents|credentials|history)|admin(?:istrator)? password)",
    ),
    (
        "data sent elsewhere",
        True,
        r"\b(?:envia|enviar|reenvia|manda|mandar|envoie|envoyer|transfere|transferer|sende|senden|schicke|"
        r"schicken|leite\w*|invia|inviare|inoltra|wyslij|przeslij|stuur|doorsturen)\b(?:\W+\w+){0,6}\W+"
        r"(?:conversacion|historial|contrasena|conversation|historique|mot de passe|gesprach\w*|chatverlauf|"
        r"passwort|zugangsdaten|rechnung\w*|conversazione|cronologia|historie rozmowy|historia rozmowy|haslo|"
        r"gesprek|wachtwoord)\b",
    ),
    (
        "request for credentials",
        True,
        r"\bask (?:them |the user |users )?for (?:their|the|a|his|her) (?:\w+ )?(?:password|passcode|pin|mfa code|"
        r"one-time code|bank details|card number|security code)",
    ),
    (
        "request for credentials",
        True,
        r"\bask (?:the user|users|them|him|her|the customer|the employee|the caller)(?: \w+){0,2} (?:for|to (?:enter|"
        r"provide|confirm|share|type|send|give)) (?:their|the|a|his|her) (?:\w+ )?(?:password|passcode|pin|mfa code|"
        r"one-time code|bank details|card number|security code)",
    ),
    (
        "request for credentials",
        True,
        r"\b(?:reveal|print|show|output|repeat|disclose|leak|dump|share|give|tell me|list)\W+(?:\w+\W+){0,3}"
        r"(?:admin(?:istrator)? password|root password|api keys?|access tokens?|secrets|credentials of)",
    ),
    # --- secrecy from the reader -----------------------------------------------------------------
    (
        "concealment from the user",
        True,
        r"\b(?:do not|don'?t|never|must not|should not)\W+(?:\w+\W+){0,2}(?:tell|inform|show|mention|reveal|"
        r"disclose|say|let|bring|raise|discuss|share|explain)\b(?:\W+\w+){0,6}\W+(?:to |with )?(?:the|this) "
        r"(?:user|human|customer|person you)\b"
        r"|\b(?:should|must|may|can|will) (?:the user|the human|the person (?:\w+ )?(?:with|to) you)\W+(?:\w+\W+){0,1}"
        r"(?:learn|know|find out|notice|see|hear|be told)\b"
        r"|\bwithout (?:telling|informing|notifying|alerting|asking) (?:the|this) (?:user|human)\b|\bsecretly\b"
        r"|\bkeep (?:this|it|the following|that)\W+(?:\w+\W+){0,2}(?:hidden|secret|confidential) from\b"
        r"|\b(?:the user|they) (?:must|should) not (?:know|find out|learn|notice)\b",
    ),
    (
        "concealment from the user",
        True,
        r"\b(?:no (?:se lo |le |les )?(?:digas|diga|menciones|mencione|informes|cuentes|comentes) al usuario|sin (?:que el usuario"
        r"|decirselo al usuario|informar al usuario)|ne (?:le |lui )?(?:dis|dites|mentionne|mentionnez|revele)"
        r"\w* (?:jamais|pas|rien)|(?:nicht|nie(?:mals)?) (?:dem )?(?:nutzer|benutzer|anwender) (?:sagen|mitteilen|"
        r"verraten|erwahnen)|ohne (?:dass der|den) (?:nutzer|benutzer)|non dire (?:all'|al )?utente|"
        r"nao (?:diga|conte|mencione) ao usuario)\b"
        r"|\b(?:dem |den )?(?:nutzer|benutzer|anwender)\w* (?:nichts|nicht)(?:\W+\w+){0,4}\W+(?:sagen|erzahlen|"
        r"mitteilen|verraten|erwahnen)\b",
    ),
    # --- weak cues --------------------------------------------------------------------------------
    (
        "the user as a third party",
        False,
        r"\b(?:tell|inform|assure|reassure|advise|answer|convince|persuade|ask) (?:the user|users|anyone|everyone|"
        r"whoever|people|the customer|the person)\b(?:\W+\w+){0,3}\W+(?:that|asking|who asks)\b",
    ),
    (
        "response control",
        False,
        r"\b(?:(?:always|only|exclusively) (?:respond|reply|answer|write|speak)|(?:respond|reply|answer)s? "
        r"(?:only |exclusively |always )?in [a-z]+|(?:all|every|your|any) (?:future )?(?:answers|responses|"
        r"replies|outputs|answer|response|reply) (?:must|should|are to|will|shall|given to)|"
        r"respond(?:e|a|ez|er)? (?:siempre |toujours |sempre |immer )?(?:en|in|em|auf) |"
        r"responde siempre|reponds? (?:toujours|uniquement)|antworte\w* (?:immer|nur)|rispondi sempre)",
    ),
    (
        "claimed authority or permission",
        False,
        r"\b(?:(?:is|has been|as) (?:a |an )?(?:verified|authori[sz]ed|approved|trusted) (?:administrator|admin|"
        r"user|superuser|owner)|(?:has|have) (?:authori[sz]ed|permitted|allowed|instructed) (?:the )?"
        r"(?:assistant|ai|you|model)|approve (?:every|all|any) (?:request|payment|expense|transfer|invoice)s?|"
        r"without (?:asking|checking|approval|confirmation|verification|verifying)|on (?:their|his|her) behalf)\b",
    ),
    (
        "claimed authority or permission",
        False,
        r"\[\s*(?:system|admin|administrator|developer|security|it)\b[^\]]{0,30}\]|\b(?:system|admin) "
        r"(?:override|notice|update|message|directive)\b",
    ),
)

_PLAIN: tuple[tuple[str, bool, str], ...] = (
    (
        "override of earlier instructions",
        True,
        rf"(?:忽略|忽视|无视|無視|忘记|忘記|忘掉|不要理会|不理会|别管|放弃|捨てて|忘れ){_near(14)}"
        rf"(?:指令|指示|说明|規則|规则|提示|命令|设定|設定|ルール|プロンプト)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"(?:指令|指示|规则|規則|命令|ルール|プロンプト|设定){_near(10)}(?:忽略|无视|無視|忘れ|忘记|作废|無効|无效)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"(?:지시|명령|규칙|지침|프롬프트|설정){_near(12)}(?:무시|잊어|잊고)",
    ),
    (
        "override of earlier instructions",
        True,
        r"(?:игнорир\w*|проигнорир\w*|забудь\w*|забыть|не обращай\w* внимания на|отбрось\w*|ігноруй\w*)"
        r"(?:\W+\w+){0,4}\W+(?:инструкц\w*|правил\w*|указани\w*|команд\w*|інструкц\w*|вказівк\w*)",
    ),
    ("override of earlier instructions", True, r"(?:निर्देश|नियम|आदेश)[^।\n]{0,30}(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)"),
    (
        "override of earlier instructions",
        True,
        r"(?:تجاهل|انس|تناس)[^.\n]{0,30}(?:التعليمات|الأوامر|القواعد|تعليمات|الإرشادات)",
    ),
    (
        "standing order",
        False,
        r"从现在开始|从今以后|今后|從現在開始|今後|これから(?:は)?|以後|지금부터|앞으로|с этого момента|отныне|"
        r"впредь|अब से|من الآن فصاعدا",
    ),
    (
        "message addressed to the assistant",
        True,
        r"(?:致|给|給|提示|注意)[^。]{0,4}(?:助手|助理|人工智能|ai|模型)|(?:アシスタント|ai|モデル)(?:へ|に)(?:の)?"
        r"(?:指示|注意|メモ|お願い)|(?:примечание|заметка|сообщение|указание) для (?:ассистента|ии|модели|бота)",
    ),
    (
        "request for hidden instructions",
        True,
        r"系统提示|系统指令|系統提示|システムプロンプト|시스템 프롬프트|системн\w* (?:промпт|подсказк\w*|инструкц\w*)",
    ),
    (
        "concealment from the user",
        True,
        r"不要告诉用户|别告诉用户|不要让用户知道|对用户保密|ユーザーに(?:は)?(?:言わ|伝え|知らせ)ない|"
        r"사용자에게 (?:말하지|알리지)|не (?:говори|сообщай|рассказывай)\w* пользовател\w*",
    ),
    (
        "data sent elsewhere",
        True,
        r"(?:发送|发给|轉發|转发|送信|전송|보내)[^。\n]{0,12}(?:对话|聊天记录|密码|个人信息|個人情報|パスワード|"
        r"비밀번호|대화|개인정보)|(?:对话|聊天记录|密码|个人信息|個人情報|パスワード|비밀번호|대화|개인정보)"
        r"[^。\n]{0,12}(?:发送|发给|转发|送信|전송|보내|外部)|(?:отправ\w*|перешл\w*|пересыл\w*)(?:\W+\w+){0,4}\W+"
        r"(?:истори\w* (?:переписки|чата|разговора)|парол\w*)",
    ),
    (
        "data sent elsewhere",
        True,
        r"(?:पासवर्ड|व्यक्तिगत जानकारी)[^।\n]{0,20}(?:पूछ|भेज)|(?:كلمة المرور|بيانات المستخدم)",
    ),
)


def _compile(entries: tuple[tuple[str, bool, str], ...], form: Literal["latin", "plain"]) -> list[Phrase]:
    return [Phrase(concept, strong, form, re.compile(p, re.MULTILINE)) for concept, strong, p in entries]


PHRASES: tuple[Phrase, ...] = (*_compile(_LATIN, "latin"), *_compile(_PLAIN, "plain"))
