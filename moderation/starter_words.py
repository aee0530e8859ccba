"""The word list a new site starts with (loaded by the migration moderation 0004): words
the chat masks, words that refuse a message, and innocent words that contain one.

Source: curated from LDNOOBW, the "List of Dirty, Naughty, Obscene, and Otherwise Bad
Words" (github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words, file
`en`, commit 5faf2ba), licensed CC-BY-4.0 (creativecommons.org/licenses/by/4.0/): kept are
the insults and profanity that turn up at a card table, with the threats, the incitement
to self-harm and the slurs it lacks added here, and the forms people type to get past a
filter (short forms, swapped letters) as entries of their own. Leetspeak, look-alike
letters, "*" inside a word, spacing and the endings -s, -ed, -ing are caught by the
matcher (moderation.words) and need no entry. Moderators edit the list in the admin; a
change here reaches new sites only.
"""

from moderation.words import WordList

# Profanity and insults: the word is masked, the message is posted.
MASKED = (
    "a dick", "arse", "arsehole*", "ass", "asshat*", "asshole*", "bastard*", "bellend*",
    "biatch*", "bitch*", "bitchass*", "bollocks", "bullshit*", "clusterfuck*", "cock",
    "cocksucker*", "cum", "cumshot*", "cunt*", "dick head", "dickface*", "dickhead*", "dicks",
    "dickwad*", "dildo*", "dipshit*", "douche*", "dumbass*", "fck*", "fcuk*", "fk*", "fuck*",
    "fuk*", "fuq*", "gtfo", "horseshit*", "jackass*", "jizz*", "knobhead*", "mofo*",
    "motherfuck*", "my dick", "piss", "piss off", "prick", "pussies", "pussy", "screw you",
    "scumbag*", "shit*", "shithead*", "skank*", "slut*", "smartass*", "stfu", "suck my balls",
    "suck my cock", "suck my dick", "tit", "tits", "titties", "tosser*", "twat*", "ur a dick",
    "wank*", "whore*",
)  # fmt: skip

# Threats, incitement to self-harm and slurs: the message is refused, nothing is posted.
REFUSED = (
    "beaner*", "chink", "coon", "darkie*", "die in a fire", "drink bleach", "dyke",
    "end yourself", "fag", "faggot*", "faggy", "gas the jews", "get cancer", "go die",
    "golliwog*", "gonna kill you", "gook", "hang urself", "hang yourself", "heil hitler",
    "hope u die", "hope you die", "i know where u live", "i know where you live",
    "i will find you", "i will kill you", "ill kill you", "im going to kill you", "jigaboo*",
    "kike", "kill urself", "kill yoself", "kill yourself", "kill yourselves", "kys",
    "mongoloid", "neck urself", "neck yourself", "nigga*", "niggah*", "nigger*", "nigguh*",
    "off yourself", "paki", "raghead*", "rape", "raping", "rapist", "retard", "sandnigger*",
    "shemale*", "sieg heil", "slit ur wrists", "slit your throat", "slit your wrists",
    "spastic", "spaz", "spic", "tard", "towelhead*", "trannies", "tranny", "u should die",
    "unalive yourself", "wetback*", "white power", "you should die",
)  # fmt: skip

# Innocent words and names that contain a listed one: a listed word found where one of
# these is found is let through ("Dick Van Dyke" is neither "dick" nor "dyke").
ALLOWED = (
    "Dick Van Dyke", "Moby Dick", "Philip K Dick", "Dick Turpin", "Dick Whittington",
    "Dick Francis", "Dickens", "Scunthorpe", "Penistone", "cocktail", "cockpit", "peacock",
    "Hancock", "cocked", "cocker spaniel", "assassin", "Sussex", "Essex", "Middlesex",
    "shiitake", "shitake", "tit for tat", "blue tit", "great tit", "spiced", "spices",
    "spicer", "spicing", "spicy", "chink in", "chinks in", "chinking", "chinked", "pricked",
    "pricking", "niggard", "niggardly", "cum laude", "go diego", "coon hound", "raccoon",
    "rapeseed", "Dyke Road",
)  # fmt: skip


def starter_list() -> WordList:
    """The lists compiled as a new site has them (the chat corpus test and bench)."""
    return WordList(
        [(word, False) for word in MASKED] + [(word, True) for word in REFUSED], ALLOWED
    )
