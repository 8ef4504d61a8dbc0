package consumer

import (
	stdjson "encoding/json"
	"reflect"
	"strconv"
	"testing"
	"time"

	json "github.com/goccy/go-json"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
)

var scanNow = time.Date(2026, 11, 21, 6, 7, 8, 123_000_000, time.UTC)

// scanSamples are events of each type with every field set, as encoding/json writes them.
func scanSamples() (event.Traffic, event.Feedback, event.Conversation) {
	helpful := true
	tr := event.Traffic{ID: "01ARZ3NDEKTSV4RRFFQ69G5FAX", Type: event.TypeMCPCall, ProjectID: "p", Domain: "d",
		Timestamp: scanNow, VisitorID: "v<é>", Class: event.ClassAI, Caller: event.CallerOther, UserAgent: "a\tb", Agent: "Claude-User",
		Path: "/p & q", Title: "T\u2028", Referrer: "r", Query: "q\"\\/", Results: 3, Position: -2, Repeat: true, Format: event.FormatLLMs,
		Tool: "search", Client: "c", ClientVersion: "1", Status: "ok", DurationMs: 9, Block: 1, Lang: "go",
		Target: "https://x", Label: "L", Action: "copy", ThreadID: "thr_1", EngagedMs: 41_250, ScrollDepth: 90}
	fb := event.Feedback{EventID: "e", ID: "i", ProjectID: "p", Domain: "d", Path: "/x", Comment: "c\x01\n",
		CreatedAt: scanNow, UpdatedAt: scanNow.Add(time.Nanosecond), Source: event.SourceAgent, Status: event.StatusResolved,
		Helpful: &helpful, Contact: "a@b", Code: "x<y", Filename: "f", Lang: "l", FP: "fp", ThreadID: "t"}
	conv := event.Conversation{ID: "i", ProjectID: "p", Domain: "d", ThreadID: "t", Timestamp: scanNow.Truncate(time.Second),
		Query: "q", Response: "```\n<b>\n```", Sources: []event.Citation{{Title: "A", URL: "/a"}, {Title: "B", URL: "/b"}},
		QueryCategory: "c", ResolutionStatus: event.Answered, PageURL: "/p", FP: "f", Aborted: true, Caller: event.CallerWeb, Client: "x"}
	return tr, fb, conv
}

// TestScannerTakesWhatPublishersWrite checks that the fast path, not go-json, decodes every
// field of the events Lectern publishes, alone and grouped, to what encoding/json decodes.
func TestScannerTakesWhatPublishersWrite(t *testing.T) {
	tr, fb, conv := scanSamples()
	empty := conv
	empty.Sources = []event.Citation{}
	scanned(t, tr, scanTraffic)
	scanned(t, fb, scanFeedback)
	scanned(t, conv, scanConversation)
	scanned(t, empty, scanConversation)
	scanned(t, event.Traffic{Timestamp: scanNow}, scanTraffic)
	// The collector's own encoder, as the bus carries it.
	data, err := tr.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var got event.Traffic
	if !scanOne(data, nil, &got, scanTraffic) || !reflect.DeepEqual(got, tr) {
		t.Fatalf("AppendJSON's bytes scanned to %+v, ok false or not %+v", got, tr)
	}
}

func scanned[T any](t *testing.T, v T, scan func(*scanner, *T) bool) {
	t.Helper()
	one, err := stdjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, mem := range []*arena{nil, new(arena)} {
		var got T
		if !scanOne(one, mem, &got, scan) {
			t.Fatalf("the scanner did not take %s", one)
		}
		if !reflect.DeepEqual(got, v) {
			t.Fatalf("scanned %+v, want %+v", got, v)
		}
		group := []byte("[ " + string(one) + " ,\n" + string(one) + "]")
		var many []T
		if !scanMany(group, mem, &many, scan) || len(many) != 2 || !reflect.DeepEqual(many[1], v) {
			t.Fatalf("the scanner did not take the group %s: %+v", group, many)
		}
		if !reflect.DeepEqual(got, v) {
			t.Fatalf("after the group: %+v, want %+v (the arena wrote over what it handed out)", got, v)
		}
	}
}

// TestScannerTakesNull checks that a null leaves a value as it is and empties a pointer or a
// slice, as encoding/json does.
func TestScannerTakesNull(t *testing.T) {
	nulls := func(v any) {
		t.Helper()
		var body []byte
		switch v.(type) {
		case *event.Traffic:
			body = []byte(`{"path":"/a","path":null,"results":null,"timestamp":null,"id":"x"}`)
		case *event.Feedback:
			body = []byte(`{"helpful":true,"helpful":null,"createdAt":"2026-11-21T06:07:08Z","createdAt":null}`)
		case *event.Conversation:
			body = []byte(`{"sources":[{"title":"a","url":null}],"sources":null,"aborted":null}`)
		}
		var ok bool
		var want any
		switch v := v.(type) {
		case *event.Traffic:
			ok = scanOne(body, new(arena), v, scanTraffic)
			want = new(event.Traffic)
		case *event.Feedback:
			ok = scanOne(body, new(arena), v, scanFeedback)
			want = new(event.Feedback)
		case *event.Conversation:
			ok = scanOne(body, new(arena), v, scanConversation)
			want = new(event.Conversation)
		}
		if err := stdjson.Unmarshal(body, want); err != nil || !ok || !reflect.DeepEqual(v, want) {
			t.Errorf("%s: scanner %v %+v, encoding/json %v %+v", body, ok, v, err, want)
		}
	}
	nulls(new(event.Traffic))
	nulls(new(event.Feedback))
	nulls(new(event.Conversation))
}

// TestScannerLeavesTheRestToGoJSON checks inputs the scanner declines: each still decodes as
// encoding/json decodes it, or is poison with go-json's reason.
func TestScannerLeavesTheRestToGoJSON(t *testing.T) {
	base := `"id":"01ARZ3NDEKTSV4RRFFQ69G5FAX","type":"page_view","projectId":"p","class":"human"`
	for name, tc := range map[string]struct {
		body   string
		poison bool
	}{
		"unknown key":     {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","extra":[1,{"a":null}]}`},
		"key in capitals": {body: `{` + base + `,"Timestamp":"2026-11-21T06:07:08Z"}`},
		"zone offset":     {body: `{` + base + `,"timestamp":"2026-11-21T08:07:08+02:00"}`},
		"surrogate pair":  {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","path":"/\ud83d\ude00"}`},
		"escaped key":     {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","p\u0061th":"/x"}`},
		"invalid UTF-8":   {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","path":"/` + "\xff" + `"}`},
		"fraction":        {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","results":1.5}`, poison: true},
		"string for int":  {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z","results":"1"}`, poison: true},
		"bad time":        {body: `{` + base + `,"timestamp":"2026-02-30T06:07:08Z"}`, poison: true},
		"trailing data":   {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z"} x`, poison: true},
		"cut short":       {body: `{` + base + `,"timestamp":"2026-11-21T06:07:08Z"`, poison: true},
	} {
		t.Run(name, func(t *testing.T) {
			var fast event.Traffic
			if scanOne([]byte(tc.body), new(arena), &fast, scanTraffic) {
				t.Fatalf("the scanner took %s", tc.body)
			}
			var want event.Traffic
			wantErr := stdjson.Unmarshal([]byte(tc.body), &want)
			var b store.Batch
			_, _, err := decodeInto(&b, fakeMsg{subject: event.Subject("p", event.TypePageView), data: []byte(tc.body)}, new(arena))
			switch {
			case tc.poison && (err == nil || wantErr == nil):
				t.Fatalf("decoded with error %v (encoding/json: %v); want poison", err, wantErr)
			case !tc.poison && (err != nil || wantErr != nil):
				t.Fatalf("decode error %v (encoding/json: %v)", err, wantErr)
			case !tc.poison && !reflect.DeepEqual(b.Traffic[0], want):
				t.Fatalf("decoded %+v, encoding/json %+v", b.Traffic[0], want)
			}
		})
	}
}

// TestScannerDeclinesWhatEncodingJSONReadsOtherwise checks the inputs where a fixed-shape
// scanner could part from encoding/json: each is either taken and decoded to what encoding/json
// decodes, or declined (then go-json decodes the whole message), as the case says.
func TestScannerDeclinesWhatEncodingJSONReadsOtherwise(t *testing.T) {
	const ts = `"timestamp":"2026-11-21T06:07:08Z"`
	for name, tc := range map[string]struct {
		body  string
		taken bool
	}{
		"repeated key, last wins":       {body: `{"path":"/a",` + ts + `,"path":"/b","results":1,"results":2}`, taken: true},
		"repeated time":                 {body: `{` + ts + `,"timestamp":"2020-01-02T03:04:05.5Z"}`, taken: true},
		"unicode escape":                {body: `{"path":"/\u00e9\u0041\u2028","title":"\u0000"}`, taken: true},
		"escaped slash and controls":    {body: `{"path":"\/a\b\f\n\r\t\"\\"}`, taken: true},
		"surrogate pair":                {body: `{"path":"/\ud83d\ude00"}`},
		"lone surrogate":                {body: `{"path":"/\ud83d"}`},
		"unknown field":                 {body: `{"path":"/a","extra":1}`},
		"key differing in case":         {body: `{"PATH":"/a"}`},
		"escaped key":                   {body: `{"\u0070ath":"/a"}`},
		"key with an escaped quote":     {body: `{"pa\"th":"/a","path":"/b"}`},
		"key ending in a backslash":     {body: `{"path\\":"/a"}`},
		"key with a control byte":       {body: "{\"pa\x01th\":\"/a\"}"},
		"key with a multi-byte letter":  {body: `{"päth":"/a"}`},
		"long unknown key":              {body: `{"pathpathpathpathpath":"/a"}`},
		"key cut short":                 {body: `{"path`},
		"exponent":                      {body: `{"results":1e2}`},
		"negative exponent":             {body: `{"results":10E-1}`},
		"fraction":                      {body: `{"results":1.0}`},
		"leading zero":                  {body: `{"results":01}`},
		"integer overflow":              {body: `{"results":99999999999999999999}`},
		"null values":                   {body: `{"path":"/a","path":null,"results":null,` + ts + `,"timestamp":null}`, taken: true},
		"null message":                  {body: `null`},
		"string for a number":           {body: `{"results":"1"}`},
		"time with an offset":           {body: `{"timestamp":"2026-11-21T06:07:08+00:00"}`},
		"time with ten fraction digits": {body: `{"timestamp":"2026-11-21T06:07:08.1234567891Z"}`},
		"time with an escape":           {body: `{"timestamp":"2026-11-21T06:07:08\u005a"}`},
		"invalid UTF-8":                 {body: "{\"path\":\"/\xc3\"}"},
		// UTF-8 is checked once a run of text, from the run's first byte to the quote, the
		// backslash or the control byte that ends it: runs longer than a word included.
		"multi-byte text, long runs":     {body: `{"path":"/naïve Grüße 日本語 한국어 🚀👍🏽 مرحبا e\u0301 done","title":"ééééééééééééééééé\n日本"}`, taken: true},
		"invalid byte after a long run":  {body: "{\"path\":\"/abcdefghijklmnopqrstuvwxyz\xff\"}"},
		"invalid byte after an escape":   {body: "{\"path\":\"/a\\nbcdefghijklmnop\xc3(\"}"},
		"character cut by an escape":     {body: "{\"path\":\"/abcdefgh\xe6\x97\\n\"}"},
		"character cut by the quote":     {body: "{\"path\":\"/abcdefghijklmnop\xe6\x97\"}"},
		"encoded surrogate":              {body: "{\"path\":\"/abcdefgh\xed\xa0\x80\"}"},
		"overlong encoding":              {body: "{\"path\":\"/\xc0\xaf\"}"},
		"control byte after multi-byte":  {body: "{\"path\":\"/日本語\x01\"}"},
		"quote right after a long run":   {body: `{"path":"/abcdefghijklmnopqrstuvwxyz0123456789"}`, taken: true},
		"multi-byte across word borders": {body: `{"path":"/a日本語b日本語c日本語d日本語"}`, taken: true},
		"white space everywhere":         {body: " \t\r\n{ \"path\" : \"/a\" , \"results\" : -0 } \n", taken: true},
		"trailing comma":                 {body: `{"path":"/a",}`},
		"nested value in a known field":  {body: `{"path":{"a":1}}`},
	} {
		t.Run(name, func(t *testing.T) {
			var got, want event.Traffic
			taken := scanOne([]byte(tc.body), new(arena), &got, scanTraffic)
			if taken != tc.taken {
				t.Fatalf("scanner took %s: %v, want %v", tc.body, taken, tc.taken)
			}
			if err := stdjson.Unmarshal([]byte(tc.body), &want); taken && (err != nil || !reflect.DeepEqual(got, want)) {
				t.Fatalf("scanner %+v, encoding/json %+v (%v)", got, want, err)
			}
		})
	}
	for name, tc := range map[string]struct {
		body  string
		taken bool
	}{
		"repeated sources":         {body: `{"sources":[{"title":"a","url":"/u"}],"sources":[{"title":"b"}]}`},
		"sources after an empty":   {body: `{"sources":[],"sources":[{"title":"b"}]}`},
		"sources after null":       {body: `{"sources":null,"sources":[{"title":"b","title":"c"}]}`, taken: true},
		"null after sources":       {body: `{"sources":[{"title":"a"}],"sources":null}`, taken: true},
		"null citation":            {body: `{"sources":[null]}`},
		"citation with extra key":  {body: `{"sources":[{"title":"a","page":1}]}`},
		"repeated bool and string": {body: `{"aborted":true,"aborted":false,"query":"a","query":"b"}`, taken: true},
	} {
		t.Run(name, func(t *testing.T) {
			var got, want event.Conversation
			taken := scanOne([]byte(tc.body), new(arena), &got, scanConversation)
			if taken != tc.taken {
				t.Fatalf("scanner took %s: %v, want %v", tc.body, taken, tc.taken)
			}
			if err := stdjson.Unmarshal([]byte(tc.body), &want); taken && (err != nil || !reflect.DeepEqual(got, want)) {
				t.Fatalf("scanner %+v, encoding/json %+v (%v)", got, want, err)
			}
		})
	}
	// A repeated pointer: encoding/json writes the second value through the first pointer.
	var got, want event.Feedback
	body := []byte(`{"helpful":true,"helpful":false}`)
	if !scanOne(body, new(arena), &got, scanFeedback) || stdjson.Unmarshal(body, &want) != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: scanner %+v, encoding/json %+v", body, got, want)
	}
}

// FuzzScannerMatchesEncodingJSON checks that whatever the scanner takes, alone or grouped,
// encoding/json takes too and decodes to the same events.
func FuzzScannerMatchesEncodingJSON(f *testing.F) {
	tr, fb, conv := scanSamples()
	for _, v := range []any{tr, fb, conv, []any{tr, tr}, []any{conv}} {
		data, _ := stdjson.Marshal(v)
		f.Add(data)
	}
	f.Add([]byte(`{"timestamp":"2026-11-21T06:07:08.1Z","results":-0,"helpful":false,"sources":[]}`))
	f.Add([]byte(`[{"helpful":null,"sources":null,"path":null,"id":"a","id":null}]`))
	for _, seed := range []string{
		`{"sources":[{"title":"a","url":"/u"}],"sources":[{"title":"b"}]}`,
		`{"path":"/\u00e9\ud83d\ude00","query":"\ud800"}`,
		`{"results":1e2,"position":-0.0,"block":1E+0}`,
		`{"path":"/a","path":"/b","helpful":true,"helpful":false,"Path":"/c"}`,
		`{"timestamp":"2026-11-21T06:07:08.123456789Z","createdAt":"2026-11-21T06:07:08+01:00"}`,
		`null`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzSame(t, data, scanTraffic)
		fuzzSame(t, data, scanFeedback)
		fuzzSame(t, data, scanConversation)
	})
}

// fuzzSame decodes data alone and as a group, without an arena and twice with one (the second
// decode must not write over what the first handed out), and compares with encoding/json.
func fuzzSame[T any](t *testing.T, data []byte, scan func(*scanner, *T) bool) {
	mem := new(arena)
	var ones []T
	var manys [][]T
	for _, m := range []*arena{nil, mem, mem} {
		var one T
		if scanOne(data, m, &one, scan) {
			ones = append(ones, one)
		}
		var many []T
		if scanMany(data, m, &many, scan) {
			manys = append(manys, many)
		}
	}
	for _, one := range ones {
		var want T
		if err := stdjson.Unmarshal(data, &want); err != nil {
			t.Fatalf("scanner took %q, encoding/json: %v", data, err)
		}
		if !reflect.DeepEqual(one, want) {
			t.Fatalf("%q: scanner %+v, encoding/json %+v", data, one, want)
		}
	}
	for _, many := range manys {
		var want []T
		if err := stdjson.Unmarshal(data, &want); err != nil {
			t.Fatalf("scanner took %q, encoding/json: %v", data, err)
		}
		if len(want) != len(many) || (len(want) > 0 && !reflect.DeepEqual(many, want)) {
			t.Fatalf("%q: scanner %+v, encoding/json %+v", data, many, want)
		}
	}
	if len(ones)%3 != 0 || len(manys)%3 != 0 {
		t.Fatalf("%q: taken %d of 3 times alone and %d of 3 as a group: the arena changed what the scanner takes", data, len(ones), len(manys))
	}
}

// BenchmarkDecodeTrafficGroup decodes a grouped message of 256 page views as the consumers
// do, beside go-json decoding the same message.
func BenchmarkDecodeTrafficGroup(b *testing.B) {
	var evs []event.Traffic
	for i := range 256 {
		evs = append(evs, event.Traffic{ID: "01ARZ3NDEKTSV4RRFFQ69G5F" + strconv.Itoa(10+i%90), Type: event.TypePageView,
			ProjectID: "bench-01", Domain: "docs-01", Timestamp: scanNow, VisitorID: "v" + strconv.Itoa(i), Class: event.ClassHuman,
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", Path: "/docs/page-" + strconv.Itoa(i)})
	}
	data, _ := stdjson.Marshal(evs)
	msg := fakeMsg{subject: event.BatchSubject("bench-01", event.TypePageView), data: data,
		header: nats.Header{event.HeaderEvents: []string{"256"}}}
	b.Run("scanner", func(b *testing.B) {
		b.ReportAllocs()
		mem := new(arena)
		for b.Loop() {
			batch := store.Batch{Traffic: make([]event.Traffic, 0, 256)}
			if _, _, err := decodeInto(&batch, msg, mem); err != nil || len(batch.Traffic) != 256 {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*256), "ns/event")
	})
	b.Run("go-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			batch := make([]event.Traffic, 0, 256)
			if err := json.Unmarshal(data, &batch); err != nil || len(batch) != 256 {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*256), "ns/event")
	})
}

// BenchmarkDecodeConversationGroup decodes grouped messages of 12 conversations (the stream of
// make bench figure 1: conversations of a few hundred bytes of escaped text), by the scanner
// and by go-json.
func BenchmarkDecodeConversationGroup(b *testing.B) {
	g := storetest.NewGen(1)
	var evs []event.Conversation
	for range 12 {
		evs = append(evs, g.Conversation("bench", scanNow))
	}
	data, _ := stdjson.Marshal(evs)
	msg := fakeMsg{subject: event.BatchSubject("bench", event.TypeConversation), data: data,
		header: nats.Header{event.HeaderEvents: []string{"12"}}}
	b.Run("scanner", func(b *testing.B) {
		b.ReportAllocs()
		mem := new(arena) // shared by the messages of a run, as the consumers share it
		for b.Loop() {
			batch := store.Batch{Conversations: make([]event.Conversation, 0, 12)}
			if _, _, err := decodeInto(&batch, msg, mem); err != nil || len(batch.Conversations) != 12 {
				b.Fatal(err)
			}
		}
	})
	b.Run("go-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			batch := make([]event.Conversation, 0, 12)
			if err := json.Unmarshal(data, &batch); err != nil || len(batch) != 12 {
				b.Fatal(err)
			}
		}
	})
}

// TestScannerTimesMatchTimeDate checks the scanner's date arithmetic against time.Date on every
// day of years around the leap rules, the ends of the four-digit range and the Unix epoch.
func TestScannerTimesMatchTimeDate(t *testing.T) {
	for _, year := range []int{0, 1, 4, 99, 100, 400, 1600, 1900, 1969, 1970, 1972, 2000, 2024, 2026, 2100, 2400, 9999} {
		for day := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() == year; day = day.AddDate(0, 0, 1) {
			want := day.Add(23*time.Hour + 59*time.Minute + 58*time.Second + 123456789)
			body := []byte(`{"timestamp":"` + want.Format("2006-01-02T15:04:05.999999999Z") + `"}`)
			var got event.Traffic
			if !scanOne(body, nil, &got, scanTraffic) || got.Timestamp != want {
				t.Fatalf("%s scanned to %v, want %v", body, got.Timestamp, want)
			}
		}
	}
}
