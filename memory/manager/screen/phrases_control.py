"""Latin-script phrases that take control: earlier instructions void, the assistant addressed, standing
orders, personas. Entries are (concept, strong, pattern) on the ``latin`` form."""

from __future__ import annotations

from memory.manager.screen.lexicon import AI, AI_ML, RULES_EN, gap

ENTRIES: tuple[tuple[str, bool, str], ...] = (
    # --- earlier instructions declared void -------------------------------------------------
    (
        "override of earlier instructions",
        True,
        # "Ignore the old guidance on desk booking" retires a document, it does not address the assistant.
        rf"\b(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|set aside|throw out|drop|"
        rf"pay no attention to|stop following|no longer follow|do not follow|don'?t follow)"
        rf"(?!(?:\W+\w+){{0,3}}?\W+(?:old|outdated|former|paper|obsolete|20\d\d)\b){gap(4)}{RULES_EN}\b",
    ),
    (
        "override of earlier instructions",
        True,
        # "The earlier instructions for booking rooms are outdated" is about the world, not the assistant.
        # A topic between ("the previous travel instructions no longer apply") names a business procedure: only
        # words that qualify the instructions themselves may stand there.
        rf"\b(?:(?:previous|prior|earlier|above|original|initial|system)(?:\W+(?:system|safety|security|ai|assistant|model|"
        rf"operating|original|initial|hidden|developer|default|content|core|base|prior|earlier|above|given|all|the|your|"
        rf"my|its|these|those|standing|current|existing|internal|moderation|chat|conversation|session|prompt|set of|"
        rf"of))*\W+(?:instructions?|guidance|prompts?|"
        rf"directives?|programming|system messages?|configuration)(?! (?:for|on|about|regarding) (?!you\b|the (?:ai|"
        rf"assistant|model)\b)\w)|your{gap(2)}{RULES_EN})"
        rf"{gap(6)}(?:no longer appl|(?:are|is) (?:now )?(?:void|obsolete|cancell?ed|revoked|superseded|"
        rf"invalid|suspended|outdated)|do(?:es)? not apply|(?:have|has) been (?:replaced|revoked|lifted|"
        rf"updated|suspended|superseded)|should be (?:ignored|disregarded)|(?:are|is) to be (?:ignored|"
        rf"disregarded|treated as void))",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:guidance|instructions|rules) you (?:were|have been) given{gap(6)}(?:no longer|void|obsolete)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignora|ignore|ignorar|ignoren|olvida|olvide|olviden|olvidar|omite|descarta|desestima|haz caso omiso"
        rf"|esqueca|esquece|esquecer|desconsidere|desconsidera){gap(4)}(?:instrucciones|reglas|indicaciones|"
        rf"directrices|ordenes|normas|instrucoes|regras|orientacoes|diretrizes|ordens|comandos)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignore[rz]?|oublie[rz]?|ne tenez pas compte|ne tiens pas compte|faites abstraction|fais abstraction)"
        rf"(?!(?:\W+\w+){{0,3}}?\W+(?:old|outdated|former|paper|obsolete|anciennes?|vieilles?|20\d\d)\b)"
        rf"{gap(4)}(?:instructions|consignes|regles|directives|ordres|indications)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignorier\w*|vergiss\w*|vergessen|missacht\w*|verwirf\w*|uberg\w*){gap(4)}(?:anweisungen|"
        rf"anordnungen|regeln|vorgaben|richtlinien|befehle|instruktionen|hinweise)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:anweisungen|anordnungen|regeln|vorgaben|instruktionen|befehle){gap(3)}(?:ignorieren|vergessen|"
        rf"missachten|ausser kraft|ungultig|nicht mehr)",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:ignora|ignorate|ignorare|dimentica|dimenticate|dimenticare|trascura|non considerare){gap(4)}"
        rf"(?:istruzioni|regole|indicazioni|direttive|ordini)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:negeer|negeren|vergeet|vergeten|zignoruj|ignoruj|zapomnij|pomin|ignorera|glom|abaikan|lupakan|"
        rf"bo qua|ignorer|glem){gap(4)}(?:instructies|regels|aanwijzingen|richtlijnen|opdrachten|polecenia|"
        rf"polecen|instrukcje|instrukcji|zasady|reguly|wytyczne|instruktioner|regler|anvisningar|instruksi|"
        rf"perintah|aturan|petunjuk|huong dan|chi dan|lenh|quy tac|instruksjoner)\b",
    ),
    (
        "override of earlier instructions",
        True,
        rf"\b(?:talimat\w*|kural\w*|yonerge\w*|komut\w*){gap(2)}(?:yok say|gormezden gel|unut|dikkate alma)",
    ),
    # --- addressing the assistant ------------------------------------------------------------
    (
        "message addressed to the assistant",
        True,
        rf"\b(?:note|message|instruction|reminder|attention|hint|notice|memo|request|tip|advice|ps|p\.s\.)s? "
        rf"(?:to|for) (?:the |any |all )?"
        rf"(?:ai |a\.i\. )?{AI}s?\b"
        # "attackers hide instructions for AI tools in documents": where such notes are put, not a note
        r"(?!\s+(?:(?:tools?|assistants?|models?|agents?|bots?|chatbots?|systems?)\s+)?(?:in|inside|within|into)\s+(?:\w+\s+)?(?:documents?|files?|pages?|e-?mails?|texts?|"
        r"websites?|web pages?|content|data|images?)\b)",
    ),
    (
        "message addressed to the assistant",
        True,
        rf"(?:^|[\n.;(\[]|\b(?:dear|hey|hi|hello|attention|important)\W+)\s*(?:the )?(?:ai )?(?:{AI}|{AI_ML})\s*[:,]",
    ),
    (
        "message addressed to the assistant",
        True,
        rf"\b(?:any|every|all|the|an?) (?:ai |automated )?(?:{AI}|ai tool|ai system)s?(?: \w+){{0,2}} (?:that|which|who) "
        rf"(?:reads?|process(?:es)?|summari[sz]es?|sees?|parses?|ingests?|indexes?) this\b"
        rf"|\b{AI}s? (?:reading|processing|parsing|summari[sz]ing|seeing|ingesting) this\b",
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
        rf"(?: page| document| file| text| email| message| result)?{gap(3)}(?:add|include|insert|append|say|"
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
        # session 34: the AI after a preposition is not the one told ("output from the assistant must be checked",
        # "answers generated by the assistant must be ...", "teams that connect a source to the assistant must")
        rf"(?<!\bfrom )(?<!\bby )(?<!\bof )(?<!\bto )(?<!\bwith )(?<!\binto )"
        rf"\b(?:the|this|any|your|all) (?:ai |virtual )?{AI}s?(?: \w+){{0,4}} (?:should|must|shall|"
        # "the assistant will sometimes say it cannot find an answer": its behaviour described, not ordered
        rf"will(?! (?:sometimes|occasionally|often|usually|normally|typically|generally|probably|likely)\b)|is to|"
        rf"needs to|has to|(?:is|are) (?:required|instructed|expected|allowed|authori[sz]ed|supposed) to|may now|"
        rf"can now)\b",
    ),
    (
        "the assistant is told what to do",
        False,
        rf"\b(?:el|la|o|a|der|die|das|l'|il|de|het) ?{AI_ML} (?:debe|debera|tiene que|deve|devera|tem que|soll|muss|"
        rf"darf|doit|devra|moet|mag)\b|\b(?:soll|muss|darf) (?:der|die|das) {AI_ML}\b",
    ),
    (
        "an AI that answers is addressed",
        False,
        rf"\b(?:the|any|every) (?:ai |automated )?(?:{AI}|ai tool|ai system)s? (?:that is |which is |who is )?"
        r"(?:answering|responding to|replying to|handling) (?:questions|queries|requests|messages|users)\b",
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
        # "From now on" opens standing orders to the assistant and policy changes alike ("From now on,
        # expense claims are filed in the new tool"): a weak sign; ``intent`` decides who is addressed.
        "standing order",
        False,
        r"\b(?:from now on|henceforth|from this (?:point|message|moment) (?:on|onwards?)|"
        r"for all future (?:conversations|chats|answers|responses|replies|sessions|requests)|in (?:all )?future "
        r"(?:conversations|chats|answers|responses|replies|sessions)|a partir de ahora|de ahora en adelante|"
        r"a partir de agora|de agora em diante|a partir de maintenant|von nun an|ab jetzt|d'ora in (?:poi|avanti)|"
        r"da ora in (?:poi|avanti)|vanaf nu|od teraz|fran och med nu|mulai sekarang)\b",
    ),
    (
        # Business prose says these about policies ("going forward", "ab sofort gilt", "desormais").
        "standing order (common wording)",
        False,
        r"\b(?:going forward|hereafter|daqui em diante|desormais|dorenavant|ab sofort|kunftig|fortan|"
        r"da adesso in poi|voortaan|od tej pory|bundan (?:boyle|sonra))\b",
    ),
    # --- persona and mode changes --------------------------------------------------------------
    (
        "role reassignment",
        True,
        # "You are now enrolled in the pension plan" states a fact about an employee, not a role.
        r"\b(?:(?:you are now|you're now)(?! (?:(?:also|automatically|officially|fully) )?(?:enrolled|registered|"
        r"eligible|entitled|subscribed|signed up|logged (?:in|out)|connected|covered|insured|listed|booked|"
        r"confirmed|able to|responsible for|required to|a member of|part of the|on (?:leave|the (?:team|list|rota))|"
        r"in charge of|due|owed|invited|approved for|set up for|ready to|"
        # a job among people: "You're now the owner of the onboarding doc"
        r"(?:the|an?|our|my) (?:new |official |main |acting |interim )?(?:owner|admin\w*|lead|manager|contact|approver|"
        r"editor|maintainer|reviewer|host|organi[sz]er|champion|coordinator|buddy|mentor|on-?call|delegate|deputy|"
        r"backup|point of contact|first responder|trainer|facilitator|note-?taker|chair)\b)\b)|you will now act|"
        r"act as an? (?:unrestricted|unfiltered|different|new)|"
        # "I'll pretend to be the customer in the role-play training": the writer plays, nobody is told to
        r"(?<!i'll )(?<!i’ll )(?<!i will )(?<!we'll )(?<!we’ll )(?<!we will )(?<!i'd )(?<!i’d )(?<!i can )(?<!we can )(?<!let me )"
        # someone else who pretends ("social engineers often pretend to be ...", "an attacker may pretend to be"):
        # a description of people; an order to the agent is an imperative or "you"
        r"(?<!often )(?<!sometimes )(?<!usually )(?<!typically )(?<!may )(?<!might )(?<!they )(?<!who )"
        r"pretend (?:to be|you are|that you)|roleplay as|new (?:system )?instructions?:|"
        # Developer mode is also a real setting of phones and browsers, which IT policies switch off.
        r"(?<!disable )(?<!disabled )(?<!turn off )(?<!switch off )developer mode(?! (?:on|for|in) (?:your |the |all |"
        r"company[\w-]* )?(?:android|ios|iphone|phones?|devices?|tablets?|laptops?|chrome|browsers?|windows)\b)"
        r"(?! (?:must|should|shall|is|stays?|remains?|has to) (?:\w+ )?(?:be |stay |remain )?(?:disabled|off|switched off|"
        r"turned off|blocked)\b)|"
        # the attack named as a kind of prompt or test ("the 'DAN' jailbreak asks a chatbot ...", "tested with
        # jailbreak prompts") is spoken about, as frames.ABOUT reads it
        r"jailbreak(?!s?\W{0,3}(?:prompts?|attempts?|asks?|tells?|tries|makes?|gets?|uses?|works?|demos?|tests?|"
        r"attacks?|techniques?|examples?|texts?|messages?)\b)|dan mode|do anything now|(?:with|have) no (?:restrictions|limits|filters|rules)|"
        r"without (?:any )?(?:restrictions|filters|limitations|safety)|god mode|unrestricted mode)\b",
    ),
    (
        "role reassignment",
        True,
        r"\b(?:ahora eres|a partir de ahora eres|tu es maintenant|vous etes maintenant|du bist (?:jetzt|nun)|"
        r"ora sei|agora voce e|je bent nu|jestes teraz|sin restricciones|sans restrictions|ohne einschrankungen|"
        r"senza restrizioni|sem restricoes)\b",
    ),
)
