package search

// HeadingID is @mintlify/common's cleanHeadingId: id percent-decoded, then ? , ; : ! ' " ( ) [ ]
// { } and emoji taken out. HeadingID(Slug(heading)) is the id Mintlify's page gives the heading,
// and HeadingID of a link's fragment the id Mintlify's link checker looks for.
func HeadingID(id string) string { return cleanHeadingID(id) }
