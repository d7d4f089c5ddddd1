"""Phrases in scripts that are not Latin (Chinese, Japanese, Korean, Cyrillic, Devanagari, Arabic),
matched on the ``plain`` form. Entries are (concept, strong, pattern)."""

from __future__ import annotations

from memory.manager.screen.lexicon import near

ENTRIES: tuple[tuple[str, bool, str], ...] = (
    (
        "override of earlier instructions",
        True,
        rf"(?:忽略|忽视|无视|無視|忘记|忘記|忘掉|不要理会|不理会|别管|放弃|捨てて|忘れ){near(14)}"
        rf"(?:指令|指示|说明|規則|规则|提示|命令|设定|設定|ルール|プロンプト)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"(?:指令|指示|规则|規則|命令|ルール|プロンプト|设定){near(10)}(?:忽略|无视|無視|忘れ|忘记|作废|無効|无效)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"(?:지시|명령|규칙|지침|프롬프트|설정){near(12)}(?:무시|잊어|잊고)",
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
        r"从现在开始|从今以后|從現在開始|これからは|지금부터|с этого момента|отныне|अब से|من الآن فصاعدا",
    ),
    (
        "standing order (common wording)",
        False,
        r"今后|今後|これから|以後|앞으로|впредь",
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
        r"(?:पासवर्ड|व्यक्तिगत जानकारी)[^।\n]{0,20}(?:पूछ|भेज)"
        # An imperative (send, ask for, share, reveal, give) before the password or the user's data; the
        # word alone is every security policy's ("لا تشارك كلمة المرور": do not share your password).
        r"|(?<!\w)[وف]?(?:أرسل|ارسل|اطلب|أطلب|شارك|اكشف|أظهر|اظهر|أعط|اعط|انقل|حوّل)\w*[^.\n،]{0,40}"
        r"(?:كلمة المرور|كلمات المرور|بيانات المستخدم)",
    ),
)
