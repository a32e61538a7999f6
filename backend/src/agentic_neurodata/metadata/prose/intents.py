"""What a message asks for besides values: skip a field, not known, no more questions, yes, no,
accept as is, cancel, or a question back. In any common phrasing, in a sentence or alone."""

from __future__ import annotations

import re

SKIP_ALL = re.compile(
    r"\b(?:just\s+(?:convert|go(?:\s+ahead)?|run|do|start|proceed|continue)(?:\s+(?:it|on|with\s+it|now))?|"
    r"convert\s+(?:it|them|the\s+(?:data|files?|recording))?\s*(?:anyway|now|as\s+is|already|without|please)|"
    r"skip\s+(?:all|the|these|those|every|any|rest\s+of\s+the)\s*(?:the\s+)?(?:remaining\s+|other\s+)?"
    r"(?:questions?|rest|metadata)|skip\s+(?:it\s+)?all|skip\s+the\s+rest|skip\s+everything|"
    r"no\s+more\s+(?:questions?|q'?s)|stop\s+asking|proceed\s+with\s+the\s+conversion|"
    r"(?:using|with)\s+what\s+(?:I'?ve|I\s+have|we'?ve|we\s+have)\s+(?:given|sent|told)(?:\s+you)?|don'?t\s+ask(?:\s+(?:me\s+)?(?:anything|any\s+more))?|"
    r"do\s+not\s+ask|minimal\s+mode|go\s+ahead\s+(?:without|with\s+what\s+you\s+have)|proceed\s+without|"
    r"(?:use|with)\s+(?:only\s+)?what\s+you(?:'?ve|’ve)?\s+(?:have|got)|without\s+(?:any\s+)?(?:more\s+|further\s+)?questions|"
    r"start\s+the\s+conversion|begin\s+the\s+conversion|(?:start|begin)\s+converting|that'?s\s+all(?:\s+i\s+(?:have|know|got))?,?\s*"
    r"(?:convert|go|start|proceed)|nothing\s+(?:else|more)\s+to\s+add|no\s+further\s+questions|"
    r"(?:build|make|create|write|generate)\s+the\s+(?:file|nwb(?:\s+file)?)|that'?s\s+all\s+i\s+(?:have|know|got)|"
    # "go ahead and convert it", "proceed with what you've got", "that's everything I have", "enough questions"
    r"go\s+ahead\s+and\s+(?:convert|start|run|proceed|write)|"
    r"(?:proceed|continue|convert|go\s+on|carry\s+on)\s+with\s+what\s+(?:you'?ve|you\s+have|you)\s+(?:got|gotten)|"
    r"that'?s\s+everything\s+(?:i|we)\s+(?:have|know|got)|(?:that'?s\s+)?enough\s+(?:questions|q'?s)|"
    # "all good, run the conversion", "ok go, convert", "the optional stuff, convert it", "That's all, carry on"
    # (none of them in a question: "ok, start the conversion when the upload is done?")
    r"(?:(?:all\s+good|looks?\s+(?:good|fine)|ok(?:ay)?|fine|that'?s\s+all)\s*[,;.!\-–]?\s*(?:run|start|do|begin)\s+"
    r"the\s+conversion|\bgo\s*,\s*convert|,\s*convert\s+(?:it|them)(?=\W*$)|"
    r"no\s+further\s+details\s*,?\s*(?:proceed|convert|go\s+ahead)|that'?s\s+all\s*,\s*(?:carry\s+on|proceed|continue)|"
    # "I'm done, convert", "fine as is - go", "leave everything else blank and convert": done, then convert
    r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+done\s*[,;.!\-–—]*\s*(?:convert|go|proceed|start)|"
    r"(?:fine|good|ok(?:ay)?)\s+as\s+(?:it\s+)?is\s*[,;.!\-–—]+\s*(?:go|convert|proceed|start)|"
    r"leave\s+(?:everything|all|the\s+rest|the\s+remaining\s+(?:fields|ones|questions)|the\s+others)(?:\s+else)?\s+"
    r"(?:blank|empty)\s*,?\s*(?:and\s+)?(?:convert|go|proceed|start|run)|"
    # "done. convert.", "good enough, run the conversion", "nothing more from me — convert away"
    r"(?:done|good\s+enough|all\s+set|nothing\s+(?:more|else)\s+from\s+me)\s*[,;.!\-–—]+\s*"
    r"(?:convert|run\s+the\s+conversion|run\s+it|go\s+ahead)(?=\W*$)|convert\s+away|"
    # "Please proceed; the rest can stay empty."
    r"(?:proceed|convert|go\s+ahead)\W+(?:the\s+)?(?:rest|remaining\s+fields|others)\s+can\s+(?:stay|be|remain)\s+"
    r"(?:empty|blank)|"
    # "That's all — please generate it.", "no further info, go": all is said, then make the file
    r"that'?s\s+all\s*[,;.!\-–—]+\s*(?:please\s+)?(?:generate|build|make|create|write)\s+(?:it|them|the\s+files?)|"
    r"no\s+(?:further|more)\s+(?:info(?:rmation)?|details)\s*[,;.!\-–—]+\s*(?:go|proceed|convert)(?=\W*$)|"
    r"bitte\s+konvertieren)(?![^?\n]*\?))\b",
    re.I,
)
CANCEL = re.compile(
    # "cancel the whole thing, the PI ...", "scrap it, we're re-running ...", "please abort, the sync is off",
    # "stop stop stop — ...": a message opening with cancelling, whatever the reason after it
    r"^\W*(?:please\s+)?(?:cancel|abort|scrap\s+(?:it|this|that|everything)|kill\s+it)"
    r"(?:\s+(?:the\s+whole\s+thing|everything|all(?:\s+of\s+it)?|it|this|that))?\s*(?:please\s*)?[,;:.!\-–—]|"
    r"^\W*(?:stop\W+){2,}|"
    r"^\W*(?:please\s+)?(?:cancel(?:\s+it|\s+everything|\s+the\s+conversion)?|abort|stop(?:\s+it|\s+everything|"
    r"\s+the\s+conversion)?|start\s+over|never\s?mind|forget\s+it|quit)\b\W*(?:please|pls|plz|thanks)?\W*$|"
    # "stop, I uploaded the wrong folder": stopping, and a reason that says something went wrong
    # ("halt — wrong session", "annulla (cancel) — wrong animal": in other words, or another language, with a long dash)
    r"^\W*(?:please\s+)?(?:stop|halt|cancel|abort|annulla|annuler|cancela(?:r)?|abbrechen|"
    r"scrap(?:\s+(?:this|it|that))?)(?:\s*\((?:cancel|stop|abort)\))?\s*[,;:.!\-–—]\s*[^.?]{0,60}\b"
    r"(?:wrong|mistake|error|oops|re-?upload)\w*|"
    # "cancel this, I uploaded the wrong folder": cancelling, then why
    r"^\W*(?:please\s+)?(?:cancel|abort)\s+(?:this(?:\s+one)?|it|that(?:\s+one)?|everything|the\s+conversion)\s*[,;.!]|"
    # "wait, stop - wrong animal, cancel this", "please don't convert this, I'll re-upload": said after a reason
    r"(?:^|[,;.!\-–]\s*)(?:please\s+)?(?:cancel|abort)\s+(?:this|it|that|everything|the\s+conversion)\W*$|"
    r"^\W*(?:please\s+)?(?:don'?t|do\s+not)\s+convert\s+(?:this|it|them|anything)\b|"
    # "stop the conversion, I need to re-sort first", "forget it, stop the conversion", "never mind, don't convert"
    r"^\W*(?:please\s+)?(?:stop|cancel|abort|halt)\s+(?:the\s+conversion|converting)\b|"
    r"(?:^|[,;.!\-–]\s*)(?:please\s+)?(?:stop|cancel|abort|halt)\s+(?:the\s+conversion|converting)\W*$|"
    r"(?:^|[,;.!\-–]\s*)(?:please\s+)?(?:don'?t|do\s+not)\s+convert(?:\s+(?:it|this|them|anything))?\W*$|"
    # "Please cancel; the PI wants to check first", "hold on, cancel that - ...", "..., cancel", "scrap this conversion"
    r"^\W*(?:please\s+)?cancel\s*[;:.!]\s|(?:^|[,;.!\-–]\s*)cancel\s+that(?=\s*(?:[-–—,;.!]|$))|"
    r"[,;.!\-–]\s*(?:please\s+)?cancel\W*$|\b(?:scrap|kill)\s+(?:this|the|that)\s+conversion\b|"
    # "abort please, I need to ...", "Hold off - cancel. The PI ...", "forget it, don't convert this session"
    r"^\W*(?:please\s+)?abort\s+(?:please|pls)\b|(?:^|[,;.!\-–]\s*)cancel\s*[.;!]\s|"
    r"(?:^|[,;.!\-–]\s*)(?:please\s+)?(?:don'?t|do\s+not)\s+convert"
    r"(?:\s+(?:this|it|them|anything)(?:\s+(?:session|one|recording))?)?\s*(?:[,;.!\-–—]|$)",
    re.I,
)
DONT_KNOW = re.compile(
    r"\b(?:i\s+|we\s+)?(?:don'?t|do\s+not|didn'?t|did\s+not|doesn'?t)\s+(?:know|remember|recall|have|keep|track|weigh|measure|"
    r"record|note|check)\b|"
    r"\bno\s+(?:idea|clue|record|data|info(?:rmation)?)\b|"
    # "no sé", "non lo so", "je ne sais pas", "weiß ich nicht", "keine Ahnung", "não sei": not known, abroad
    r"^\W*no\s+s[ée]\W*$|\bnon\s+lo\s+so\b|\bje\s+ne\s+sais\s+pas\b|\bwei(?:ß|ss)\s+(?:ich\s+)?nicht\b|"
    r"\bkeine\s+Ahnung\b|\bn[ãa]o\s+sei\b|"
    # "I'll have to get back to you on that", "let me check and come back later": not known now
    r"\b(?:get|come)\s+back\s+to\s+you\b|\bcome\s+back\s+(?:later|to\s+(?:it|this|that))\b|"
    r"\blet\s+me\s+(?:check|ask|find\s+out|look\s+it\s+up)(?=\s*(?:$|[,;.!]|and\b|first\b|later\b))|"
    # "haven't got it", "have not got that info": not having the value, in British phrasing
    r"\b(?:haven'?t|have\s+not|hasn'?t|has\s+not)\s+got\b|"
    # "we have no DOB for the rat", "I've got no weight": having none of it
    r"\b(?:we|i)\s*(?:'ve|\s+have|\s+had)?\s+(?:got\s+)?no\s+(?!more\b|further\b|other\b|questions?\b)\w|"
    r"\bno\s+[\w ]{1,25}?\s+on\s+(?:file|record)\b|\bnot\s+sure\b|\bunsure\b|\bidk\b|\bdunno\b|"
    r"\bcan'?t\s+(?:remember|recall|say|tell)\b|\bcannot\s+(?:remember|recall|say|tell)\b|\bnot\s+known\b|"
    r"(?-i:\bunknown\b)|^\W*unknown\b|\bforgot\b(?!\s+to\s+(?:say|mention|add|tell|write|include))(?!\s*(?:[:—–]|-\s|,\s+(?:the|our|my)\s))|\bnot\s+recorded\b|\bnobody\s+knows\b|\bhave\s+no\s+idea\b|\bnot\s+available\b|"
    r"\bto\s+be\s+(?:confirmed|determined|decided|checked)\b|\btb[cd]\b|\bpending\b|\bunclear\b|"
    r"\bwasn'?t\s+(?:recorded|measured|noted|weighed)\b|\bnot\s+(?:weighed|measured)\b|\bnever\s+(?:recorded|measured|noted|weighed|weigh|checked|tracked)\b|"
    # Pointing elsewhere is not an answer: "my PI knows, I don't", "ask the lab manager", "not me".
    r"\b(?:my|our|the)\s+(?:PI|supervisor|boss|advis[eo]r|postdoc|manager|lab\s+manager|colleague)\s+"
    r"(?:knows|would\s+know|has\s+it)\b|"
    # "that's for the PI to say", "up to my supervisor to decide": someone else's answer to give
    r"\b(?:for|up\s+to)\s+(?:my|our|the)\s+(?:PI|supervisor|boss|advis[eo]r|lab\s+manager)\s+to\s+"
    r"(?:say|answer|decide|tell|fill\s+in|give)\b|\bI\s+don'?t\W*$|\bask\s+(?:my|our|the|him|her|them)\b|^\W*not\s+me\W*$",
    re.I,
)
SKIP_FIELD = re.compile(
    r"^\W*(?:skip|pass|next|n/?a|n\.a\.?|none|no|nope|nah|not\s+applicable|no\s+comment|decline|leave\s+it|later|nothing)\b"
    # ("nope, nothing": a no, then the same said again)
    r"(?:,?\s+(?:on|it|this|that|one|both|them|of\s+them|all\s+of\s+them|please|pls|plz|thx|ty|needed|required|nothing|"
    r"necessary|here|yet|so\s+far|questions?|"
    r"the\s+[\w ]+|for\s+now|thanks?|"
    # "pass on keywords", "none for this one": the field or the animal the skip is for
    r"on\s+(?:the\s+)?[a-z_]+|for\s+(?:this|that|the)(?:\s+(?:one|animal|session|file|recording|dataset))?|"
    # "N/A for us", "n.a. in our case": whom or what the placeholder is for
    r"for\s+(?:us|me|our\s+[a-z]+|these\s+[a-z]+)|in\s+(?:our|this|that)\s+case))*\W*$|"
    # "sin descripción, gracias", "pas de description, merci", "keine Beschreibung", "nessuna descrizione", "sem
    # descrição, obrigado": "no" and a word or two, in Spanish, French, German, Italian, Portuguese, with thanks
    r"^\W*(?:(?:sin|sem|pas\s+de|aucune?|kein(?:e[nr]?)?|nessun[ao]?|ningun[ao]?|nenhuma?)\s+|pas\s+d')"
    r"(?!(?:embargo|problema|duda|d[uú]vida|problème|doute|Problem|Zweifel)\b)[^\W\d_]+"
    r"(?:\s+[^\W\d_]+)?(?:[\s,.;!]+(?:gracias|merci|danke|grazie|obrigad[oa]|thanks?|bitte|por\s+favor|"
    r"per\s+favore|s'il\s+vous\s+pla[iî]t))*\W*$|"
    # "nessuno", "nada, gracias", "rien", "nichts": none, said alone in another language
    r"^\W*(?:nessun[oa]|ningun[oa]|nada|rien|nichts|niente|aucune?|keine?r?|nenhuma?)"
    r"(?:[\s,.;!]+(?:gracias|merci|danke|grazie|obrigad[oa]|thanks?))*\W*$|"
    # "I'll pass", "I'd rather skip this one", "no answer to this question": declining, in a sentence
    r"^\W*(?:I'?ll|I\s+will|I'?d|I\s+would|let\s+me|we'?ll)\s+(?:rather\s+|just\s+)?(?:pass|skip)\b|"
    r"^\W*no\s+answer\b|"
    # "nothing to add there", "nothing more to say", "nothing else": the answer says there is no value to give
    r"^\W*(?:(?:I\s+have|I'?ve\s+got|there'?s)\s+)?nothing(?:\s+(?:more|else|further))?(?:\s+to\s+(?:add|say|report|mention|"
    r"tell|write|put))?(?:\s+(?:there|here|(?:on|about|for)\s+(?:that|this|it)))?\W*$|"
    r"\bskip\s+(?:that|this|it|the\s+[a-z_ ]+|[a-z_]+\s+question)\b|\b(?:rather|prefer)\s+not\b|"
    # "skip lab and institution, this is private": two fields named after "skip", then why
    r"^\W*skip\s+(?-i:[a-z_]+\s+(?:and|&)\s+[a-z_]+)(?=\s*(?:[,;.!-]|$))|"
    # "forget the keywords", "forget about the lab": a field named alone after "forget" (not "the old one")
    r"\bforget\s+(?:about\s+)?(?:the\s+)?(?!(?:previous|old|wrong|first|last|other|it|that|this)\b)[a-z_]+(?:\s+[a-z_]+)?\W*$|"
    r"\bdon'?t\s+want\s+to\s+(?:say|give|share|answer)\b|"
    r"\b(?:can'?t|cannot|could\s?n'?t|could\s+not|am\s+not\s+able\s+to|won'?t\s+be\s+able\s+to|won'?t|will\s+not)\s+"
    r"(?:give|provide|share|send|supply)\b|"
    r"\bleave\s+(?:it|that|this|(?:the\s+)?[a-z_ ]+?)?\s?(?:blank|empty|out)\b|"
    r"\bnot\s+(?:needed|relevant|applicable)\b|\bno\s+need\b|"
    # "N/A - single-person project", "none (we are a core facility)": a placeholder, then why
    r"^\W*(?:n/?a|none|not\s+applicable)\s*[-–—:,(]|"
    # "up to you", "you choose", "whatever you think fits": the value is left to us, so none is given
    r"\bup\s+to\s+you\b|\byou\s+(?:choose|decide|pick)\b|\byour\s+call\b|\bwhatever\s+you\b|"
    r"\bas\s+you\s+(?:like|wish|see\s+fit)\b|\b(?:doesn'?t|does\s+not)\s+matter\b|\bdon'?t\s+care\b|"
    # "haven't got it - skip", "not on file: pass": a skip said last, after a dash or a colon
    r"\s[\-–—:]+\s*(?:skip|pass)(?:\s+(?:it|this|that|one|please|pls|for\s+now))*\W*$",
    re.I,
)
# "no keywords", "none for the lab", "no weight please": declining one field by its name (words.field_named).
# "we need no keywords for this one", "we don't need any keywords": the same, said in a sentence.
NO_FIELD = re.compile(
    r"^\W*(?:(?:we|i)\s+(?:need|want|use|require)\s+no|(?:we|i)\s+(?:don'?t|do\s+not)\s+(?:need|want|use|require)|"
    r"no|none(?:\s+for)?|without)\s+(?:the\s+|any\s+)?(?P<field>[a-z][a-z ]*?)"
    # ("no keywords this time", "no lab at all": when, or how much, is no part of the field's name)
    r"(?:[\s,]+(?:please|needed|here|thanks?|for\s+now|for\s+this\s+one|for\s+it|this\s+time|today|at\s+all|"
    r"either|for\s+this\s+(?:session|animal|file|recording|dataset)))*\W*$",
    re.I,
)
APPROVE = re.compile(
    r"^\W*(?:yes|yep|yeah|sure|ok(?:ay)?|go\s+ahead|approve[d]?|do\s+it|please\s+do|fix\s+it|improve(?:\s+it)?|"
    r"retry|try\s+again|sounds\s+good|let'?s\s+do\s+it|go\s+for\s+it|correct|right(?!\s+\w)|confirm(?:ed)?|"
    # "looks good", "that's right", "exactly": agreeing in other words
    r"yup|looks?\s+(?:good|right|fine|correct|ok(?:ay)?)|sounds?\s+(?:right|fine|ok(?:ay)?|correct)|"
    r"that'?s\s+(?:right|correct|it|fine|good)|exactly|precisely|perfect|fine|all\s+good|indeed|lgtm|"
    r"affirmative|of\s+course|absolutely|definitely|agreed|"
    # "all correct", "everything is fine", "that is right", "write them": agreeing with what was shown
    r"all\s+(?:correct|right|fine|ok(?:ay)?)|everything(?:'?s|\s+is|\s+looks)?\s+(?:correct|right|fine|good|ok(?:ay)?)|"
    r"(?:that|this|it)(?:\s+is|'?s)\s+(?:right(?!\s+\w)|correct|fine|good)|write\s+(?:them|these|it|those))\b",
    re.I,
)
DECLINE = re.compile(
    r"^\W*(?:no|nope|nah|decline|no\s+thanks|don'?t|do\s+not|leave\s+it|wrong|incorrect|not\s+that|not\s+correct|"
    r"that'?s\s+(?:wrong|incorrect|not\s+(?:it|right|correct)))\b"
    r"(?!\s+(?:idea|clue|record|data|info|need|more|know|remember|have|want))",
    re.I,
)
ACCEPT = re.compile(
    r"\baccept(?:ed)?(?:\s+it)?(?:\s+as(?:\s+it)?\s+is)?\b|\bkeep\s+it\s+as(?:\s+it)?\s+is\b|\bgood\s+enough\b|"
    r"\bit'?s\s+fine\s+as(?:\s+it)?\s+is\b",
    re.I,
)
QUESTION = re.compile(
    r"\?\s*$|^\W*(?:what|why|how|which|where|can\s+you|could\s+you|should\s+i|do\s+i|does|is\s+it)\b", re.I
)
# "is 'P60' okay or do you want days spelled out?", "should I write 25 g or 25.0 g?": a question about how to give a
# value, the value in it only an example (a digit does not make it an answer).
ASKS_ABOUT_FORM = re.compile(
    r"^\W*(?:is|are|would|will|should|shall|can|could|do|does)\b[^\n?]*"
    r"\b(?:ok(?:ay)?|fine|acceptable|alright|enough|format|spell\w*|written|write|want|prefer\w*)\b[^\n]*\?\s*$",
    re.I,
)
# "How stable are grid cells across days in darkness?": a research question, asked of nobody in the talk (no "you",
# "I", "we", no word about the metadata), is what an experiment is about.
_TALK_IN_A_QUESTION = re.compile(
    r"\b(?:you|your|I|me|my|we|our|us|should|need|mean|means|field|fields|metadata|description|nwb|dandi|file|"
    r"format|okay|ok|fine|convert\w*)\b",
    re.I,
)


def research_question(text: str) -> bool:
    """A question of several words about the science, not about the metadata or the talk."""
    words = text.split()
    return text.rstrip().endswith("?") and len(words) >= 5 and not _TALK_IN_A_QUESTION.search(text)


_GREETING = re.compile(
    r"^\W*(?:(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening))\b[^,.!?\n]{0,30}[,.!\n]\s*)", re.I
)
_SIGN_OFF_AFTER_QUESTION = re.compile(
    r"(?<=\?)\s*(?:(?:best|thanks|thank\s+you|cheers|regards|kind\s+regards|many\s+thanks)\b[^?]{0,40})$", re.I
)


def question_only(text: str) -> str:
    """'Dear DANDI team, can you tell me ...? Best, Amal' -> the question without its greeting and sign-off."""
    return _SIGN_OFF_AFTER_QUESTION.sub("", _GREETING.sub("", text.strip())).strip()


# An answer that points to a value given elsewhere: "same as before", "see the lab notebook".
POINTER = re.compile(
    # "same lab as before", "the same institution as last time": the field's name may stand between
    r"^\W*(?:the\s+)?same(?:\s+(?:one|again|(?:[a-z]+\s+)?as\s+(?:before|last\s+time|previous(?:ly)?|above|usual|always|yesterday|today|"
    r"the\s+others?|the\s+(?:last|previous|other)\s+\w+)))?\W*$|^\W*(?:see|check|look\s+(?:at|in)|as\s+in)\s+|"
    r"^\W*(?:the\s+one\s+(?:we|I|you)\b|as\s+discussed|like\s+(?:before|last\s+time)|the\s+usual\b)",
    re.I,
)
# Clauses a message is cut into before intents are looked for ("female, but I don't know the age").
# ("no weight and no date of birth": two declines joined by "and")
CLAUSES = re.compile(
    r"\s*(?:[;.!?\n]+\s+|[;!?\n]+|,\s*(?:but|and|though)?\s*|\s+but\s+|\s+though\s+|\s+and\s+(?=no\s))\s*", re.I
)
# "sex unknown" / "unknown" asked for the sex is the value U, not a refusal.
UNKNOWN_SEX = re.compile(r"\W*(?:(?:the\s+)?sex\W*)?(?:is\s+)?unknown\W*|\W*(?:of\s+)?unknown\s+sex\W*", re.I)
