package stopwords

// personalPronouns are the forms of the personal pronouns a language's list lacks, although
// English's lists hold "i", "me", "my", "we", "our", "your": a reader's question speaks of
// themselves ("मैंने नया वॉलेट बनाया", I made a new wallet; "मेरी API कॉल", my API call) and
// the pronoun names no topic. Hindi's list (stopwords-iso's, iso/hindi.txt; Savoy's, which
// Lucene ships, lacks them too) holds "आप" (you) and "अपना", "अपनी", "अपने" (one's own) but
// no form of "मैं" (I) or "हम" (we), nor those of "आप" (its possessive "आपका", your, and its
// cases with a postposition: the closed set of each pronoun's direct, ergative, oblique and
// possessive forms that Hindi's grammars give). Counted as content words, on a real Hindi site's
// questions (rehearse43, tronrentalcom/tronrental-com-docs) "मैंने" grouped a question about a
// new wallet's energy with one about USDT's energy cost under one topic of the content gaps.
// "करूँ" and "करूं" (may I do: "कैसे करूँ", how do I do it), the first person of "करना" whose
// other forms the list holds ("करना", "करने", "करें", "करता", "करते", "कर"), named a topic alone.
var personalPronouns = map[string]string{
	"hindi": "मैं मैंने मुझे मुझको मुझसे मुझमें मेरा मेरी मेरे हम हमने हमें हमको हमसे हममें हमारा हमारी हमारे " +
		"आपका आपकी आपके आपको आपने आपसे आपमें करूँ करूं",
}
