package stopwords

// modals are the present indicative forms of the modal verb "can" (French pouvoir, Italian
// potere, Spanish and Portuguese poder) of the languages whose Snowball list holds none of
// them, although English's lists hold "can" and Snowball's German, Dutch, Swedish and
// Norwegian lists hold their "can" (kann, kan): a reader's question opens with one ("Comment
// puis-je", "Come posso", "¿Cómo puedo", "Como posso") as it opens with an interrogative, and
// it names no topic. Counted as content words, they are rare in docs written in the
// imperative, so they weighed more than the words that name what the question is about.
// French "puis" is also "then", an adverb that names no topic either. stopwords-iso's Polish
// list holds "może", "mogą" and "można" but not the first and second persons ("Jak mogę").
// Indonesian's holds "bisa" and "dapat" (can) but not "mau" and "ingin" (want), with which a
// question opens as often ("Saya mau ...", "Saya ingin ..."), and which English's list holds
// ("want") and stopwords-iso's Indonesian list too: on b3-fun/b3@fc00b0a the content gaps made
// one topic named "mau" of an unanswered question about a verification e-mail and one about
// joining a tournament, which shared no other word.
var modals = map[string]string{
	"french":     "peux peut pouvons pouvez peuvent puis",
	"italian":    "posso puoi può possiamo potete possono",
	"spanish":    "puedo puedes puede podemos podéis pueden",
	"portuguese": "posso podes pode podemos podeis podem",
	"polish":     "mogę możesz możemy możecie",
	"indonesian": "mau ingin",
}
