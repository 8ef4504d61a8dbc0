package stopwords

// pronominalAdverbs are German's pronominal adverbs (Pronominaladverbien: "da" and a
// preposition, "danach" after that, "dafür" for it, "darauf" on it) that Snowball's German
// list lacks, though it holds "damit" and "dazu": like a pronoun they stand for what the text
// names elsewhere, and a reader's question uses them as it uses "es" or "das" ("was muss ich
// danach noch rausschicken", "rechne danach die Spesen ab"). Counted as content words, they
// grouped unrelated questions into one topic of the content gaps on a real German site
// (rehearse39, Schaufenster/docs: an order's follow-up e-mails and a business trip's expenses,
// under "danach"). Each word here is also a word of stopwords-iso's German list
// (github.com/stopwords-iso/stopwords-iso at 6e8e9a2d1c019ad2a885bcbe157628dea624dfb6,
// stopwords-iso.json; MIT license); the forms that list lacks (the wo- forms but "woher" and
// "wohin", which interrogatives.go holds, and the short "dran", "drauf") are left out.
var pronominalAdverbs = map[string]string{
	"german": "dabei dadurch dafür dagegen daher dahin dahinter danach daneben daran darauf daraus darin darüber darum darunter davon davor dazwischen",
}
