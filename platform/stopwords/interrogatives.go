package stopwords

// interrogatives are the question words (the closed class of interrogative pronouns,
// determiners and adverbs) of languages whose Snowball stop word list lacks some of them,
// although English's list holds "how", "why", "when", "where": a reader's question starts with
// one ("comment", "pourquoi", "onde", "warum") and it names no topic. Each word here is both an
// interrogative of its language and a word of the language's list in stopwords-iso
// (github.com/stopwords-iso/stopwords-iso at 6e8e9a2d1c019ad2a885bcbe157628dea624dfb6,
// stopwords-iso.json; MIT license); interrogatives that list lacks are left out (German
// "wieviel", "wozu", Portuguese "quantos", Russian "какие", Indonesian "dimana"). Only the
// words the Snowball list lacks are named (Indonesian's holds "apa" and "bagaimana").
// Spanish also names the accented forms its list holds without accent: lang.Stop folds those of
// three letters or more, the list is the record of what counts.
//
// Hindi's and Arabic's lists are stopwords-iso's own (iso/), which lack some of their
// languages' interrogatives: Hindi's question words, the closed class its grammars call the
// k-words (क्या what, कब when, कहाँ where, कैसे how, क्यों why, with कहां, the spelling of कहाँ
// without the candrabindu, and कितने, कितनी, the forms of कितना how much), and Arabic's لماذا
// (why). Those the lists already hold (कौन who, कितना, كيف, ماذا, متى, أين) are not repeated.
var interrogatives = map[string]string{
	"french":     "quoi où quand comment pourquoi combien lequel laquelle lesquels lesquelles",
	"portuguese": "quê quais quanto onde aonde porque porquê",
	"german":     "wer wen wem wessen wohin woher wann warum weshalb wieso",
	"spanish":    "quién quiénes cuál cuáles cuales cuánto cuanto cuánta cuanta cuántos cuantos cuántas cuantas dónde cuándo cómo",
	"italian":    "cosa quali quando perche",
	"russian":    "почему сколько откуда",
	"hindi":      "क्या कब कहाँ कहां कैसे क्यों कितने कितनी",
	"arabic":     "لماذا",
	"indonesian": "siapa kapan mengapa kenapa berapa mana",
}
