"""Latin-script phrases about data and secrecy (hidden prompts, data sent out, concealment from the
reader) and the weak cues. Entries are (concept, strong, pattern) on the ``latin`` form."""

from __future__ import annotations

from memory.manager.screen.lexicon import NEG, gap

ENTRIES: tuple[tuple[str, bool, str], ...] = (
    # --- secrets, hidden prompts, data leaving ---------------------------------------------------
    (
        "request for hidden instructions",
        True,
        r"\b(?:reveal|print|show|output|repeat|disclose|leak|dump|share|give|tell|display|return|recite|"
        r"write out|translate|summari[sz]e|send|copy|paste|list)\W+(?:\w+\W+){0,3}(?:system|hidden|initial|original|"
        r"secret|developer|internal) ?(?:prompt|instructions|message)s?\b|\b(?:system|hidden|initial|secret) ?prompt"
        r"\w*\W+(?:\w+\W+){0,3}(?:reveal|print|show|output|repeat|disclose|verbatim|ausgeben|zeigen|anzeigen|"
        # a verb, not the start of a noun: "the system prompt on the new printer is confusing"
        r"verraten|preisgeben|offenlegen)(?:s|ed|ing)?\b|\b(?:revela|muestra|imprime|affiche|revele|montre|mostra|rivela|"
        r"mostre|toon|pokaz|zeige|verrate|gib)\w*\W+(?:\w+\W+){0,3}(?:(?:el |le |il |o |den )?(?:prompt|system"
        r"prompt|systemprompt)|instrucciones del sistema|instructions systeme|istruzioni di sistema)",
    ),
    (
        # Mentioning a system prompt is not asking for it (release notes, an AI policy): a weak sign.
        "hidden instructions mentioned",
        False,
        r"\b(?:system|hidden|initial|original|secret|developer|internal) (?:prompt|instructions|message)s?\b|"
        r"\bprompt (?:del sistema|do sistema|di sistema|systeme|du systeme)\b|\bsystem ?prompt\b|"
        r"\bsystem(?:anweisung|nachricht)\w*",
    ),
    (
        "data sent elsewhere",
        True,
        rf"{NEG}\b(?:send|forward|email|e-mail|post|upload|transmit|exfiltrate|leak|append|attach|submit|relay|"
        rf"copy|paste|include){gap(5)}(?:(?:the|this|our|full|entire|whole|complete) (?:conversation|chat|"
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
