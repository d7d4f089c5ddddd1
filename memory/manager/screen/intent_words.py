"""The signals ``intent`` combines: who a sentence addresses and what it asks for, as word patterns.

Each pattern is one *signal*, not a verdict: "the assistant" is said by a handbook that introduces
the HR chatbot, "reply that ..." by a support script, "next time" by a travel tip. Only the
combinations in ``intent.RULES`` hold a memory. Latin-script patterns read the ``latin`` form
(look-alikes mapped, accents dropped, lower case); ``*_PLAIN`` patterns read the ``plain`` form for
Cyrillic, Chinese, Japanese and Korean.
"""

from __future__ import annotations

import re

from memory.manager.screen.literals import rule

# Nouns that name an AI system. "agent" and "model" name people and products too, so they count
# only when qualified ("automated agents", "language model", "the model reading this").
AI_NOUN = (
    r"(?:ai|a\.i\.|(?:virtual |ai |digital )?assistants?|chat ?bots?|bots?|support-?bots?|help-?desk (?:assistant|bot|ai)s?|"
    r"llms?|(?:large )?language models?|ai models?|copilots?|gpt|claude|gemini|summari[sz]ers?|"
    r"conversational (?:agents?|ai|assistants?|systems?|interfaces?)|"
    r"(?:text|response|answer|reply|content) (?:generators?|writers?|engines?)|generative (?:ai|assistants?|models?|"
    r"tools?|systems?)|answering (?:systems?|tools?|engines?)|"
    r"(?:automated|autonomous|ai|virtual|software|llm|digital|smart) (?:agents?|systems?|readers?|tools?|assistants?|"
    r"responders?|services?|helpers?|colleagues?)|ai (?:tools?|systems?|agents?)|model (?:reading|answering|processing|summari[sz]ing)|"
    # named by what it does to this text: "the answering model", "any summarisation engine", "retrieval agent"
    r"(?:answering|responding|reading|summari[sz]ing|summari[sz]ation|retrieval|orchestrat\w+|downstream|browsing|"
    r"calling|executing) (?:models?|agents?|engines?|llms?|ais?|assistants?))"
)
# People whose job title says "assistant": read as a person before any addressee pattern runs.
HUMAN_ASSISTANT = (
    r"\b(?:executive|personal|administrative|admin|team|office|legal|dental|medical|teaching|research|sales|shop|store|"
    r"lab|nursing|care|marketing|hr|project|program(?:me)?|editorial|production|store) assistants?\b"
    r"|\bassistants? (?:manager|director|professor|editor|coach|engineer|principal|secretary|head|controller|"
    r"buyer|accountant)s?\b"
)
# Compiled once for every module that reads a job title as a person (intent, agency, address, frames,
# multilingual); ``as_people`` is done once per text form by ``match`` and handed to the rules that read it.
PERSON = rule(HUMAN_ASSISTANT, re.IGNORECASE)


def as_people(latin: str) -> str:
    """``latin`` with every job title that says assistant read as "person" ("the office assistant sends ...")."""
    return PERSON.sub("person", latin)


# Someone who processes this text in order to answer: the assistant, described rather than named.
READER = (
    r"\b(?:whoever|whatever|whichever(?: \w+)?|anyone|anything|any (?:system|tool|program|service|process|reader|one)s?|"
    r"(?:the )?(?:systems?|tools?|programs?|services?|readers?|processes)|the (?:one|thing)|"
    + AI_NOUN
    + r")(?: (?!to\b)\w+){0,2}?,? (?:(?:that|which|who) )?(?:reads?|reading|process(?:es|ing)?|summari[sz](?:es?|ing)|"
    r"quot(?:es?|ing)|ingest(?:s|ing)?|index(?:es|ing)?|answer(?:s|ing)?|generat(?:es?|ing)|produc(?:es?|ing)|"
    r"pars(?:es?|ing)|writ(?:es?|ing)|see(?:s|ing)?|help(?:s|ing)?|us(?:es|ing)|asked about)\b(?: \w+){0,3}? "
    r"(?:this|these|the \w+|answers|"
    r"replies|responses|search results|the text|the reply|this faq|this page)\b"
)
DIRECTIVE = (
    r"(?:should|must|shall|is to|are to|needs? to|has to|have to|ought to|(?:is|are) (?:now )?(?:required|expected|"
    r"instructed|supposed|permitted|allowed|authori[sz]ed|asked|meant|obliged|obligated|bound)(?: \w+){0,3}? to|may now|can now|will now|"
    r"will always)"
    # "must not give legal advice" restricts the assistant, as its operator does; attacks grant.
    r"(?! be\b)(?! not\b)(?! never\b)(?! (?:only|also|always|just|not|never) be\b)"
)
# The assistant as the subject of a directive ("the virtual assistant is required to ...").
ADDRESSED_SUBJECT = (
    rf"\b(?:(?:the|any|every|each|all|this|your|our|an?)\s+)?(?:(?<![\w-])[\w-]+ ){{0,2}}?{AI_NOUN}\b(?:,? (?!and\b|or\b)\w+){{0,7}}?,? "
    rf"{DIRECTIVE}"
)
# The assistant spoken to: vocatives, "for the AI answering this FAQ:", rule books, "when you summarise this".
# What follows such a label in the same text is spoken to the assistant too.
ADDRESSED_LABEL = (
    rf"(?:^|[:;]\s|[=:]\s*[\"'])\W*(?:[\w-]+[ -])?(?:{AI_NOUN}|ki|ia|ki-?assistent\w*|asistente|assistente|assistent|asystent\w*|modelo|"
    r"modello|modell)\s*[:,]"
    # A rule book for the assistant: "Assistant operating rule 12:", "Support-bot guideline:".
    # ("AI policy:", "GenAI guidelines:" are headings about using AI: the noun names a topic, not a reader)
    rf"|\b(?!(?:gen)?ai (?:use |usage )?(?:polic|guideline|governance|principle))\b{AI_NOUN}(?: [\w-]+){{0,2}} (?:rules?|guidelines?|polic(?:y|ies)|procedures?|instructions?|directives?|"
    r"playbook|script|protocol)\b[^:.]{0,20}:(?!//)"
    r"|\b(?:when|while|before|if|once|whenever|as) you(?: \w+)? (?:summari[sz]\w*|read\w*|process\w*|quot\w*|"
    r"translat\w*|index\w*|ingest\w*|pars\w*) (?:this|these|the (?:page|document|text|file|email|notes?))\b"
    rf"|\bif (?:an?|the|any) {AI_NOUN} is \w+ing (?:this|these|the)\b"
    r"|\b(?:when|while|if|once|whenever|before|after) (?:this|these) (?:\w+ )?(?:is|are|gets?) (?:being )?(?:quoted|"
    r"summari[sz]ed|read|processed|translated|indexed|ingested|cited|used to answer)\b"
    rf"|\b(?:for|to|dear|hey|attention) (?:the |any |an? |all )?(?:[\w-]+ )?{AI_NOUN}\b(?! (?:tools?|systems?) (?:may|can|is|are))"
    rf"(?:[\w ,-]{{0,60}})[):]"
    # The writer asks the model in the first person: "We kindly ask any language model handling this to ...".
    # ("Ask the chatbot to explain ..." is advice to employees: an imperative without a first person.)
    rf"|\b(?:we|i)\b(?: \w+){{0,2}}? (?:ask|request|instruct|direct|require|urge|order|command|need|want)\w* (?:that )?"
    rf"(?:the |any |every |each |all |an? |this |your )?(?:[\w-]+ )?{AI_NOUN}\b(?: [\w-]+){{0,4}}? (?:to\b|(?=\w))"
    # Second person aimed at a model: "You are the smartest assistant in the company, so ..." ("You are
    # chatting with a virtual assistant" has a verb before the noun and stays a notice to people).
    rf"|\byou(?:'re| are) (?:now |still )?(?:the|an?|my|our) (?:(?!\w+ing\b)[\w-]+ ){{0,3}}?{AI_NOUN}\b"
    # A block opened for the model: "--- Begin instructions for the answering model ---"
    rf"|\b(?:instructions?|directives?|orders?|rules?|notes?) (?:for|to) (?:the |any |all |every )?{AI_NOUN}\s*(?:-{{2,}}|={{2,}}|\]|:|$)"
    # A banner that announces new settings for the model: "=== ASSISTANT CONFIGURATION UPDATE ===".
    rf"|^\W*(?:[\w-]+ )?{AI_NOUN} (?:configuration|config|settings|system|directives?|mode|override|instructions?|"
    r"rules?|behaviou?r) (?:update|change|notice|override|patch|reset|bulletin)s?\b"
)
# Asks the reader to decode or assemble a hidden text and then obey it (payload splitting, escapes,
# acrostics): a reader who is a person has no reason to be told to act on what a decoding says.
DECODE_ACT = (
    r"\b(?:decode|unescape|decrypt|decipher|unscramble|reverse|combine|concatenate|assemble|(?:put|join|stitch|piece) "
    r"(?:[\w'-]+ ){0,3}?together)\w*\b[^.!?\n]{0,40}?\b(?:and|then)\s+(?:[\w'-]+ )?(?:apply|act|obey|execute|follow|"
    r"carry out|do what)\w*\b"
    # session 22: a letter-level transformation, then obedience to what it yields ("shift each key one to the
    # left ..., then do what it says", "read every other letter and act on it"); "read every line, then follow
    # the signing steps" obeys something else
    r"|\b(?:shift|rotate|transpose|substitute|swap|(?:read|take|keep) (?:only )?(?:every|each|the first|the last) "
    r"(?:\w+ )?(?:letter|character|word|line)s?|read (?:it |this )?backwards)\w*\b[^.!?\n]{0,60}?\b(?:and|then)\s+"
    r"(?:[\w'-]+ )?(?:(?:apply|act on|obey|execute|follow|carry out)\s+(?:it|this|that|them|the result|the output|"
    r"what it says)\b|do (?:what|as) it says|comply)"
    r"|\binstructions? (?:are |is )?hidden\b[^.!?\n]{0,60}?\b(?:act|obey|follow|execute|apply)\w*\b"
)
ADDRESSED = ADDRESSED_SUBJECT + "|" + ADDRESSED_LABEL
ADDRESSED_ML = (
    r"\b(?:el|la|un|una|der|die|das|den|l'|le|il|lo|o|a|de|het|een)\s?(?:asistente|assistente|assistent(?:en)?|assistant|"
    r"chatbot|bot|modelo|modello|modell|modele|sprachmodell|ki|ia|ai|asystent)\w*(?:,? \w+){0,6}?,? (?:debe|debera|"
    r"tiene que|ha de|soll|sollte|muss|darf|hat \w+ zu|doit|devra|deve|dovra|devera|tem que|moet|mag|zal|musi|powinien)\b"
    r"|\b(?:per|para|pour|fur|voor|dla|al|ao|au|an den|an das|an die|a la|a l'|all')\s?(?:il |el |o |a |le |la |den "
    r"|de |l'|das |die |cualquier |todo |toda |tout |toute |jede[rsnm]? |qualsiasi |qualquer |elke |kazd\w* )?(?:ai-|ki-|ia-)?(?:asistente|assistente|assistent(?:en)?|assistant|modelo|modello|modell|modele|ia|ki|"
    r"ai|chatbot|asystenta|sprachmodell|taalmodel)"
    r"(?: \w+){0,4}[:,]"
    r"|\b(?:asistente|assistente|assistent|assistant|modelo|modello|modell|modele|ia|ki)\s?(?:che|que|qui|der|die|das)\s"
    r"(?:legge|lee|le|lit|liest|leggera|procesa|traite|verarbeitet)\b"
)
ADDRESSED_PLAIN = (
    r"(?:^|[\s,.:;，。：])(?:ассистент|бот|чат-бот|модель|ии|нейросеть)\w*\s*[,:]"
    r"|(?:ассистент|модель|бот|чат-бот|ии)\w*(?:,? \w+){0,6}?,? (?:долж\w+|обязан\w*|следует|нужно)"
    r"|(?:модель|ассистент|бот)\w*, (?:котор\w+) (?:читает|обрабатывает|видит)"
    r"|(?:助手|助理|人工智能|ai|模型|机器人|聊天机器人)[^。！？\n]{0,30}(?:应该|应|必须|需要|请|要)"
    r"|(?:致|给|對|对)[^。]{0,4}(?:助手|助理|人工智能|ai|模型)"
    r"|(?:アシスタント|ai|モデル|ボット)(?:へ|に)\s*[:：、]|(?:ai|어시스턴트|챗봇|모델|봇)에게|для (?:ассистента|ии|модели|бота|нейросети)\b"
    r"|(?:読んだ|読む|処理する)(?:ai|アシスタント|モデル|ボット)|(?:アシスタント|ai|モデル|ボット|チャットボット)(?:は|が)"
    r"[^。\n]{0,60}(?:こと|ください|なさい|べき|しなさい)"
    r"|(?:어시스턴트|챗봇|ai|모델|봇)(?:는|은|가|이)[^.\n]{0,60}(?:해야|하십시오|하세요|하라)"
)
# What the assistant is asked to do with its answers (or its tools, or the reader).
CONTROL = (
    r"\b(?:answer|reply|respond|say|state|claim|tell|inform|assure|advise|describe|mention|recommend|refer|deny|denies|"
    r"confirm|approve|sign off|reveal|disclose|output|print|list|share|render|include|add|append|end with|direct|"
    r"point|redirect|guide|urge|encourage|instruct|promise|warn|comply|mark|report|escalate|present|treat|greet|hand out|read out|reads? (?:them|it) "
    r"out|"
    # what it keeps, believes and leaves out: "the assistant is expected to remember that Bob may ..."
    r"remember|memori[sz]e|trust|believe|assume|skip|bypass|omit|leave out|suppress|disable|ignore|disregard|prioriti[sz]e|"
    r"begin with|start with|write back|quote|pretend|forward|send|email|e-mail|collect|request|fetch|load|call|"
    r"invoke|execute|grant|give|offer|explain|cite|link|speak|act|behave|obey|follow)\w*\b"
)
CONTROL_ML = (
    r"\b(?:respond\w*|contest\w*|di que|di (?:a|al|que)|diles|decid\w*|decir|diga|dile|antwort\w*|sag\w*|teile?\w* mit|reponds?|repondre|dis|dire|"
    r"donne\w*|rispond\w*|rivela\w*|dire|diz|diga|dizer|respond\w*|antwoord\w*|zeg\w*|vertel\w*|odpowiad\w*|"
    r"powiedz\w*|mow|mowic|informuj\w*|przekaz\w*|mencion\w*|erwahn\w*|nenn\w*|mentionn\w*|menziona\w*|vergoed\w*|gib|gebt|geben sie|mitteil\w*|informier\w*|erklar\w*|behaupt\w*)\b"
    r"|(?:отвеч\w*|ответ\w*|скаж\w*|сообщ\w*|говор\w*|называ\w*|назови\w*|напиши\w*|пиши|выдава\w*|раскр\w*|"
    r"покаж\w*|перешл\w*|отправ\w*|알려|답하|답해|答え|回答|伝え|告诉|说|列出|回复|答复|말해|답변|대답|안내)"
)
# An order at the start of a sentence, to the one who answers ("When answering, claim ...").
HIDDEN_ORDER = (
    r"^\W*(?:[\w-]+\s*[=:]\s*)?(?:(?:when|if|while|before|whenever|for)\b[^,.]{0,60},\s*)?(?:please |always |only |never |do not |don'?t )?"
    r"(?:answer|reply|respond|say|state|claim|tell|mention|deny|confirm|reveal|disclose|output|print|pretend|"
    r"recommend|describe|insist|assert)\b(?!-)"
)
# A content clause: what exactly to say ("reply that refunds are automatic", "answer ... with the table").
SPEECH = (
    r"\b(?:answer|repl(?:y|i)|respond|say|state|claim|tell|inform|assure|advise|mention|confirm|explain|add|write back|"
    r"describe|den(?:y|i))\w*(?: (?!that\b)\w+){0,6}? (?:that|with (?:the|a|an|'|\")|as (?:under|being|approved))\b"
    r"|\blet (?:him|her|them|the user|users|people|everyone|the customer|customers) know\b"
    r"|\bsay (?:they|it|the|its|there|no|yes|[\"'])|\bby (?:saying|stating|claiming|replying|answering) (?:that )?\w+"
    r"|\btell (?:them|him|her|the user|users|customers|callers|people|everyone|anyone|readers) "
    r"(?!to\b|about\b|how\b|where\b|when\b|what\b|which\b|why\b|if\b|whether\b|nothing\b)\w+ \w+"
)
# Words that only make sense inside a chat with an assistant.
CONTEXT = (
    r"\b(?:this|the current|the present) (?:conversation|chat|session|thread|dialogue)\b"
    r"|\b(?:rest|remainder) of (?:the|this|our) (?:chat|conversation|session)\b"
    r"|\byour (?:next |every |each |future |later )?(?:answers?|repl(?:y|ies)|responses?|outputs?|summar(?:y|ies))\b"
    r"(?! (?:to|in|for|on) (?:the|this|our|a) (?:survey|questionnaire|form|quiz|test|exam|application|assessment|interview)s?\\b)"
    r"|\byour next (?:message|turn)\b|\b(?:across|between|for all) (?:turns|sessions|chats|conversations)\b"
    r"|\byour new (?:goal|task|objective|mission|purpose|role|directive) is\b"
    # Against the sources: only an answer-writer is told to disregard what the documents say.
    r"|\bregardless of (?:the |what the )?(?:sources?|documents?|facts|policy|policies|records)\b|\beven if (?:the )?"
    r"(?:documents?|sources?|policy|policies|records) says? otherwise\b|\b(?:rules|instructions|guidelines|guidance|polic(?:y|ies)) you (?:operate|work|"
    r"run|act|were built) (?:under|by|with|on)\b|\b(?:what|everything|anything) you (?:were|have been|got) (?:told|given)\b"
    r"|\b(?:in|to|with|after|into) (?:your|every|each|all|any) (?:future |later )?(?:answer|reply|response)s?\b"
    r"(?! (?:to|in|for|on) (?:the|this|our|a) (?:survey|questionnaire|form|quiz|test|exam|application|assessment|interview)s?\\b)"
    r"|\b(?:every|each|all|any) (?:answer|reply|response)s? (?:after|from|that follow)"
    r"|\b(?:your|the) (?:real|actual|true) (?:task|job|instructions?|goal|objective|purpose)(?: now| here)?\s*(?::|is to)"
    r"|\bstay in character\b|\bkeep playing\b"
    r"|\byour (?:[\w-]+ )?"
    r"(?:caution|safeguards?|filters?|guardrails?|instructions?|guidance|guidelines|system prompt|prompt|programming|"
    r"training data|polic(?:y|ies)|configuration|setup|persona|constraints|principles|safety rules|content rules|"
    r"limits|limitations|restrictions)\b"
    r"|\b(?:guidance|instructions|rules|setup|configuration|prompt)s? you (?:started|were given|received|have been "
    r"given|got|began)\b"
    # ... but "future conversations with customers" are an employee's.
    r"|\b(?:later|future|subsequent|next|upcoming|coming) (?:chats?|conversations?|sessions?|turns?|repl(?:y|ies)|answers?|responses?|"
    r"questions)\b(?! with (?:customers|clients|colleagues|patients|suppliers|partners|your|our|the team)\b)"
    # "Answer every question ..." as an order (not "our helpdesk answers every question").
    r"|(?:^|[,:;(]\s*|\b(?:to|must|should|shall|will|always|only|please|and|now)\s+)(?:answer|reply|respond|say)"
    r"(?: to)? (?:\w+ ){0,2}?(?:every|each|all|any) (?:questions?|quer(?:y|ies)|prompts?)\b"
    r"(?!(?: \w+){0,3} (?:quiz|survey|form|test|questionnaire|exam|assessment|interview)s?\b)"
    r"|\b(?:responde|contesta|responda|antworte|reponds|repondez|rispondi|antwoord)\w* (?:a |auf |à |op )?(?:todas "
    r"(?:las|as) |alle |toutes les |tutte le )?(?:preguntas|perguntas|fragen|questions|domande|vragen)\b"
)
# A standing order for later turns.
FUTURE = (
    r"\b(?:from now on|henceforth|going forward|later on|from (?:this|here) (?:point|moment|message) (?:on|onwards?)|"
    r"(?:the )?next time|(?:on|in) your next|for (?:every|each|all|any) (?:answer|reply|response|question)s? "
    r"(?:after|from)|in (?:later|future|subsequent|all future) (?:replies|answers|responses|chats|conversations|"
    r"sessions|questions|turns)|for (?:subsequent|later|future) (?:questions|answers|replies|turns|chats|"
    r"conversations)|remember (?:this|that) for later|keep (?:this )?in mind for|(?:and|in) every (?:reply|answer|"
    r"response) after)\b"
    r"|\b(?:a partir de (?:este|esta) (?:mensaje|momento)|from here on|starting with your next|a partir de ahora|"
    r"de ahora en adelante|a partir de agora|desormais|dorenavant|a partir de maintenant|"
    r"von nun an|ab jetzt|ab sofort|kunftig|d'ora in poi|da ora in poi|vanaf nu|voortaan|od teraz|od tej pory)\b"
)
FUTURE_PLAIN = (
    r"с этого (?:дня|момента)|отныне|впредь|从现在开始|从今以后|今后|これからは|今後|지금부터|앞으로"
)
# "When someone asks about X": the situation an assistant answers in.
TRIGGER = (
    r"\b(?:when|whenever|if|each time|every time|next time|once|the next time)\s+(?:[a-z]+|someone|anyone|a user|the user|"
    r"users|a customer|customers|people|an employee|employees|somebody|a caller|callers|this user|any user|they|"
    r"a reader|readers)\b(?:[\w ]{0,30}?)\s(?:asks?|mentions?|says?|wants?|requests?|brings? up|enquires?|inquires?|"
    r"types?|writes?|raises?)\b"
    r"|\b(?:to|for|tell) (?:anyone|everyone|whoever|all|every|each)(?: \w+){0,2} (?:who |that )?(?:asks?|asking)\b"
    r"|\b(?:iedereen|jeder\w*|chiunque|todos|quien|cualquiera)\b(?: \w+){0,3} (?:vraagt|fragt|chieda|pregunte|"
    r"pregunta)\b|\b(?:cuando|quando|wenn|lorsque|quand) (?:un |una |el |la |o |a |der |die |l')?(?:usuario|cliente|"
    r"utente|nutzer|benutzer|kunde|utilisateur|te|ti|me)\w* (?:pregunt|pergunt|chied|frag|demand)\w*"
)
# The sentence asks that this very text be kept from the reader.
SELF_CONCEAL = (
    r"\b(?:do not|don'?t|never|without|not|must not|should not)\s+(?:\w+\s+){0,2}?(?:mention|reveal|disclos|refer|"
    r"acknowledg|quot|repeat|show|cite|admit)\w*(?: to)? (?:this|these|that|the) (?:note|notes|message|instruction|"
    r"instructions|notice|text|comment|line|memo|paragraph|section|request|change)\b"
    r"|\bno (?:mencion\w*|menciones|digas|reveles) (?:esta|este|estas|estos) (?:nota|texto|mensaje|instruccion\w*|"
    r"aviso)\b|\bsin mencionar (?:esta|este)\b|\b(?:diese|dieser|diesen|den|die) (?:notiz|nachricht|hinweis|anweisung|"
    r"text)\w*(?: \w+){0,2} nicht (?:erwahn|nenn|zeig)\w*|\b(?:erwahn|nenn)\w* (?:diese|dieser|diesen) (?:\w+ )?"
    r"nicht\b|\b(?:sans mentionner|ne mentionne(?:z)? pas|ne cite(?:z)? pas) (?:cette|ce|ces)\b|\bnao (?:mencion|"
    r"mencion|refir|revel)\w* (?:esta|este|essa|esse) (?:mensagem|nota|texto|instrucao)\b|\bnon menzionare (?:questa|"
    r"questo|queste)\b|\b(?:noem|vermeld)\w* (?:dit|deze) (?:bericht|notitie|tekst) niet\b"
)
# Something kept from "the user", in the infinitive and word orders the phrase banks do not cover.
USER_CONCEAL = (
    r"\b(?:ne (?:jamais|pas|rien) |nunca |no |nicht |niemals |non |nao |nooit |niet |nie )(?:\w+ ){0,1}?(?:mentionner|"
    r"dire|reveler|parler|mencionar|decir|revelar|contar|erwahnen|sagen|verraten|menzionare|rivelare|vermelden|zeggen|"
    r"wspominac|mowic)\b[\w ,']{0,60}?\b(?:a l'utilisateur|aux utilisateurs|al usuario|a los usuarios|dem (?:nutzer|"
    r"benutzer)|den (?:nutzern|benutzern)|all'utente|agli utenti|ao usuario|aos usuarios|aan de gebruiker|uzytkownikowi)\b"
)
SELF_CONCEAL_PLAIN = (
    r"不要(?:提及|提到|透露|说明)(?:本|这|此|该)(?:说明|消息|指令|条|段|备注|注释)|"
    r"(?:この|本)(?:メモ|メッセージ|指示|注記)(?:について|に)(?:は)?(?:言及|触れ)(?:しない|しないこと|しないで)|"
    r"이 (?:메모|메시지|지시)(?:를|에 대해)? (?:언급하지|말하지)|"
    r"(?:эту|это|данн\w+) (?:заметк\w+|сообщени\w+|инструкци\w+) не (?:упомина|раскрыва)\w*|не упоминай"
)
ROLEPLAY = (
    r"\b(?:let'?s play|play a (?:game|character)|simulate an? |impersonate|you are (?:now )?['\"]|imagine (?:you'?re|you are|that you are)(?! \w+ing\b)|you are (?:now )?[a-z]+"
    r"(?:bot|gpt|ai|hr)\b|you are (?:now )?(?:a|an) (?:\w+ ){0,3}(?:character|bot|persona)\b|stay in character|"
    r"keep playing|story mode|in this story|role-?play (?:as|a character)|assume the (?:role|persona|identity) of|"
    r"speak as (?:him|her|them|the)|as [a-z]+bot\b|play (?:the role|a character|the part) (?:of|called)|"
    r"(?:you are|you're) [a-z]+ now|a character (?:called|named)|(?:new |switch(?:ing)? to )?persona (?:loaded|"
    r"activated|enabled)|(?:answer|reply|respond|speak|write) as [a-z]+ (?:from now on|from here on|now))\b"
)
# Something an answer-writing assistant does that an employee policy never lifts "for this session".
# Safeguards said to be lifted: ordinary news ("travel restrictions were lifted") unless the chat is named.
OVERRIDE_LIFT = (
    r"\b(?:constraints|restrictions|limits|limitations|safeguards|guardrails|filters|rules|caution|polic(?:y|ies)|checks)\b"
    r"(?:[\w ,'-]{0,60}?)\b(?:lifted|suspended|paused|waived|relaxed|disabled|off|removed|void|set aside|"
    r"(?:do|does) not apply|no longer apply)"
)
# What came before declared void, with a new task in its place.
OVERRIDE = (
    r"\byour (?:\w+ )?(?:setup|configuration|instructions|prompt|system prompt|rules|guidelines|guidance|directives|"
    r"programming)(?: \w+){0,3}? (?:is|are|was|were|has|have) (?:now )?(?:outdated|obsolete|void|superseded|replaced|"
    r"cancell?ed|invalid|withdrawn|revoked|expired|lapsed|ended|been (?:replaced|revoked|withdrawn|superseded|lifted))\b|"
    # "the text below is your new guidance": a new rule book handed to the reader
    r"\b(?:is|are) (?:now )?your (?:new|updated|real|actual) (?:guidance|instructions?|rules?|prompt|system prompt|"
    r"directives?|orders?|configuration|guidelines)\b|"
    r"\bnew (?:instructions|orders|directives|rules) (?:follow|below|are as follows)\b|"
    r"\b(?:rules|instructions|guidance|guidelines|polic(?:y|ies)|setup|configuration) you (?:\w+ ){0,2}?(?:were|have been|"
    r"are|was|has been) (?:\w+ )?(?:rewritten|replaced|changed|updated|revoked|superseded|void|obsolete|cancell?ed|"
    r"withdrawn)\b|\b(?:all |the )?(?:prior|previous|earlier|preceding|above) (?:context|conversation|messages|input|"
    r"text|content|instructions) (?:is|are|was|were) (?:now |to be (?:treated|regarded|considered) as )?(?:obsolete|void|"
    r"irrelevant|cancell?ed|outdated|invalid|superseded|noise)\b|\bcontext reset\b|"
    r"\b(?:what|everything|anything|all) you (?:were|have been|got) (?:told|given|instructed)\b[\w ,']{0,60}?\b(?:was|were|"
    r"is|are|has been|have been) (?:\w+ )?(?:superseded|replaced|void|obsolete|cancell?ed|revoked|withdrawn|outdated)\b|"
    r"\b(?:everything|all|the text|the content|what you read) (?:above|before)(?: this(?: line)?| here)? "
    r"(?:was|is|were|are) (?:\w+ ){0,2}?(?:test|fake|placeholder|outdated|irrelevant|a draft|draft|obsolete|not real|"
    r"an example|example|void|noise)\b"
    r"|\b(?:was|were|is) (?:only |just )?(?:a |an )?(?:draft|placeholder|test)\b(?:[\w ,;:-]{0,40}?)"
    r"(?:approved version|instructions that count|real (?:instructions|version))\b"
)
CREDENTIAL = (
    r"\b(?:password|passcode|passwort|wachtwoord|contrasena|mot de passe|senha|haslo|pin|mfa code|one-time code|otp|"
    r"credentials|security code|admin credentials|private key|connection string|root password|(?:bank |credit |debit )?"
    r"card numbers?|cvv|iban)s?\b"
)
CREDENTIAL_ASK = (
    r"(?:\b(?:ask|prompt)\w*(?: [\w']+){0,3}? (?:for|to (?:confirm|provide|enter|share|type|send|give|tell|reveal|"
    r"disclose|read out|spell|reply with|respond with|write down|send in))|\b(?:request|collect|demand)\w*)(?: [\w']+){0,4}? "
    + CREDENTIAL
    + r"(?! (?:reset|change|manager|policy|expir|rules|length|strength))"
)
REFUSAL = (
    r"\b(?:never|refuse|do not|don'?t|not even|report|phishing|scam|must not|should not|no one|nobody)\b"
)
SENDING = (
    r"\b(?:mail|email|e-mail|send|forward|post|upload|mailen|sturen|stuur|senden|schick\w*|envoy\w*|envia\w*|"
    r"manda\w*|invia\w*|wysl\w*)\b"
)
# Text that imitates a tool call, so that an agent executes it as if it had decided to.
TOOL_CALL = (
    r"[\"'](?:tool_calls|function_call|tool_use|tool_call)[\"']\s*:"
    r"|[\"'](?:name|tool|tool_name|function|function_name)[\"']\s*:\s*[\"'][a-z_][\w./-]*[\"']\s*,\s*[\"'](?:arguments|"
    r"parameters|params|args|input|tool_input)[\"']\s*:"
    # session 23, published call formats: a JSON-RPC request (MCP's tools/call), a LangChain AgentAction, an
    # "assistant to=functions.x" channel line, a Llama "<function=x>" tag, a ReAct "Next Action:" line
    r"|[\"']jsonrpc[\"']\s*:\s*[\"']2\.0[\"']\s*,\s*(?:[\"']id[\"']\s*:\s*[\w\"']+\s*,\s*)?[\"']method[\"']\s*:"
    r"|[\"']method[\"']\s*:\s*[\"'][\w./-]+[\"']\s*,\s*[\"']params[\"']\s*:"
    r"|[\"']tool_input[\"']\s*:|\bagentaction\s*\(\s*tool\s*=|\bto=functions\.\w+|<function=\w+>"
    r"|^\s*(?:next )?action\s*:\s*[a-z_][\w.]*\s*(?:\(|\n\s*action[ _]input\s*:)"
    r"|<\s*/?\s*(?:function_calls?|tool_calls?|tool_use|invoke)\b"
    r"|^\s*action\s*:\s*[a-z_]+\s*\n\s*action input\s*:"
    r"|```\s*(?:tool_code|tool_call|function_call)\b|\bdefault_api\.\w+\("
)

# Session 23: a delayed trigger. A later event in the conversation (the user or someone writing, asking,
# greeting, logging in; after N questions) opens a clause; what follows is judged by what it does, not by its
# words: secrets, the agent's own context or a new payment account handed out (``intent.delayed_order``).
DELAYED = (
    r"\b(?:when(?:ever)?|if|each time|every time|(?:the )?next time|once|as soon as|the moment)\s+(?:the |a |an |any |"
    r"this |that )?(?:user|users|someone|anyone|somebody|they|people|[a-z]+)\b(?: next)?[^,.;!?]{0,40}?\b(?:asks?|"
    r"mentions?|says?|types?|writes?|requests?|brings? up|enquires?|inquires?|raises?|logs? (?:in|on)|signs? in|greets?|"
    r"thanks?|opens?|starts?|returns?)\b[^,.;!?]{0,60}"
    r"|\b(?:after|once) (?:the )?(?:user'?s? )?(?:next |first |\w+ )?(?:questions?|messages?|turns?|replies|logins?)\b"
    r"|\bon (?:the )?(?:user'?s? )?(?:first|next|\w+th) (?:question|message|request|login)\b[^,.;!?]{0,60}"
)
# What such a clause may lead to that no guideline for people does: a secret, the agent's own context
# (what it has seen, stored or been told), a payment account presented as new or verified.
DELAYED_RISK = (
    r"\b(?:passwords?|passcodes?|pins?|mfa codes?|one-time (?:codes?|passwords?)|otps?|credentials|(?:api|access|"
    r"private|ssh|secret) keys?|(?:access|auth|session|api|bearer) tokens?|session cookies?|recovery codes?|"
    r"security codes?|system prompt|(?:hidden|system|initial) (?:instructions|prompt|rules))\b"
    r"|\byou(?:'ve| have)? (?:seen|read|stored|saved|remembered|been (?:given|told)|received|collected)\b"
    r"|\b(?:in|from) (?:this|the|your) (?:workspace|memory|memories|context|conversation history|chat history)\b"
    r"|\b[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){3,7}\b"
    r"|\b(?:new|different|updated|changed) (?:bank )?(?:account|iban|bank details)\b"
)
# ... and an act on the agent's output or tools that carries it.
DELAYED_ACT = (
    r"\b(?:reply|replies|respond|answer|say|tell|inform|send|forward|include|attach|give|share|show|list|reveal|"
    r"post|upload|recommend|suggest|ask|call|run|execute|invoke|output|print|cop(?:y|ies)|e-?mail|mail|add|append|"
    r"move|transfer|pay|approve|grant|confirm)\w*\b"
)
# A reply asked to carry the reader's own secret ("reply with your current password"): no service asks that.
CREDENTIAL_REPLY = (
    r"\b(?:(?:reply|respond|answer|write back) with|include|enclose|send(?: us| me| it)?|share|give (?:us|me)|"
    r"provide|forward|e-?mail(?: us| me)?|mail)\s+(?:your|their|his|her|the user'?s?)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:passwords?|passcodes?|pins?|mfa codes?|one-time codes?|credentials|recovery codes?|security codes?|"
    r"private keys?)\b"
)
