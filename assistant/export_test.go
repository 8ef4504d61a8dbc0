package assistant

// Searcher is searcher, for the tests of package assistant_test.
var Searcher = searcher
