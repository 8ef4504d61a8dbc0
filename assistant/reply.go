package assistant

import (
	"bufio"
	"context"
	"errors"
	"runtime/debug"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/stream"
	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Results of a request, the label of lectern_assistant_requests_total.
const (
	resultOK       = "ok"       // the reply was streamed to its end
	resultRejected = "rejected" // answered with a JSON error before streaming
	resultAborted  = "aborted"  // the client went away during the reply
	resultFailed   = "failed"   // the reply ended with an error part
)

// searchTool is the name of the tool call that reports the documentation search.
const searchTool = "search"

// clientWriter is the stream's end: a failed flush means the client went away, and cancels
// the reply's context so the generation stops.
type clientWriter struct {
	*bufio.Writer
	cancel context.CancelFunc
}

func (w clientWriter) Flush() error {
	err := w.Writer.Flush()
	if err != nil {
		w.cancel()
	}
	return err
}

// reply streams one reply in protocol p; it runs in fasthttp's stream-writer goroutine after
// the handler.
func (s *Service) reply(t *turn, p protocol, bw *bufio.Writer) {
	ctx, cancel := context.WithCancel(s.base)
	defer cancel()
	w := p.encoder(clientWriter{Writer: bw, cancel: cancel})
	defer func() {
		if r := recover(); r != nil {
			s.logger.Error("reply panic", "panic", r, "stack", string(debug.Stack()))
			s.m.requests.WithLabelValues(resultFailed).Inc()
			_ = w.Error(publicMessage(nil))
		}
	}()
	query, results := s.search(ctx, t)
	sources := toSources(results)
	msgID := "msg-" + t.id.String()
	s.searchStep(t, w, msgID, query, results)
	_ = w.StartStep(msgID)
	if w.Err() != nil {
		s.finish(t, outcome{aborted: true})
		return
	}
	o := s.generate(ctx, t, w, sources)
	switch {
	case o.aborted:
	case o.err != nil:
		s.logger.Warn("reply failed", "domain", t.site.Domain, "thread", t.thread.ID, "err", o.err)
		_ = w.Error(publicMessage(o.err))
	default:
		s.saveTurn(t, o.text)
		// The conversation is stored before the finish parts: a reader who saw the reply end
		// knows its record is in JetStream, whatever happens to this process next. When it
		// cannot be stored, the reply ends with an error part instead.
		if err := s.publish(t, s.conversation(t, o)); err != nil {
			_ = w.Error(recordFailed)
			s.count(outcome{err: err})
			return
		}
		s.closeReply(t, w, o.answer)
		s.count(o)
		return
	}
	s.finish(t, o)
}

// search runs the documentation search for the turn (hybrid when an embeddings model is
// configured), timed.
func (s *Service) search(ctx context.Context, t *turn) (string, []search.Result) {
	text := s.rewritten(ctx, t)
	dense := s.nearest(ctx, t.site.Domain, t.snap.Index, text) // the model calls are not the search's time
	start := time.Now()
	q := search.Query{
		Text: text, History: questions(t.history), Context: contextValues(t.req),
		Filter: t.filter, Limit: t.req.PageSize, Dense: dense, Division: t.reader,
	}
	q, res := searchAsked(t.snap.Index, q, t.askedIn)
	t.found = q.Filter // the answer reads and writes the language its sources are in
	s.m.search.Observe(time.Since(start).Seconds())
	return text, res
}

// rewritten returns the query to search for the turn: with --llm-rewrite, the model's
// standalone query of a follow-up question; otherwise, or when the model fails or is slower
// than its timeout, the question as asked (the search weighs the thread's earlier questions in).
func (s *Service) rewritten(ctx context.Context, t *turn) string {
	question := t.req.Question()
	if s.rewriter == nil || len(t.history) == 0 {
		return question
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Model.RewriteTimeout)
	defer cancel()
	q, usage, err := s.rewriter.Rewrite(ctx, questions(t.history), question)
	s.m.tokens.WithLabelValues(t.site.Project, "prompt").Add(float64(usage.PromptTokens))
	s.m.tokens.WithLabelValues(t.site.Project, "completion").Add(float64(usage.CompletionTokens))
	if err != nil {
		s.m.rewrites.WithLabelValues("error").Inc()
		s.logger.Debug("follow-up not rewritten; searching it as asked", "err", err)
		return question
	}
	s.m.rewrites.WithLabelValues("ok").Inc()
	return q
}

// searchStep writes the search as a finished tool-call step (v1: f, 9, a, e).
func (s *Service) searchStep(t *turn, w encoder, msgID, q string, results []search.Result) {
	callID := "call_" + strings.ToLower(t.id.String())
	_ = w.StartStep(msgID)
	_ = w.ToolCall(callID, searchTool, searchArgs{Query: q})
	_ = w.ToolResult(callID, toolResults(results))
	_ = w.FinishStep(stream.ReasonToolCalls, stream.Usage{PromptTokens: tokens(len(q)), CompletionTokens: tokens(len(q))}, false)
}

// skillStep writes a loadSkill call of the model as the search step is written: the call and
// its result end the step, and the answer goes on in a new one (v1: 9, a, e, f).
func (s *Service) skillStep(t *turn, w encoder, c answer.SkillCall) error {
	_ = w.ToolCall(c.ID, answer.SkillTool, skillArgs{Slug: c.Slug})
	_ = w.ToolResult(c.ID, skillResult{Slug: c.Slug, Name: c.Name, Loaded: c.Loaded})
	_ = w.FinishStep(stream.ReasonToolCalls, stream.Usage{}, false)
	if err := w.StartStep("msg-" + t.id.String()); err != nil {
		return errors.Join(errClientGone, err)
	}
	return nil
}

// outcome is how a reply's answer step ended.
type outcome struct {
	text    string
	answer  answer.Answer
	err     error
	aborted bool
}

// errClientGone marks an emit that failed because the client went away.
var errClientGone = errors.New("the client went away")

// generate runs the generator, writing each piece of text as a text part.
func (s *Service) generate(ctx context.Context, t *turn, w encoder, sources []answer.Source) outcome {
	var text strings.Builder
	emit := func(piece string) error {
		if err := w.Text(piece); err != nil {
			return errors.Join(errClientGone, err)
		}
		if text.Len() == 0 {
			s.m.firstText.Observe(time.Since(t.start).Seconds())
		}
		text.WriteString(piece)
		return nil
	}
	p := s.prompt(t, sources)
	p.OnSkill = func(c answer.SkillCall) error { return s.skillStep(t, w, c) }
	a, err := s.gen.Generate(ctx, p, emit)
	if err == nil && s.cfg.Model.Enabled() {
		err = deflect(&a, p, emit)
	}
	if s.cfg.Model.Enabled() {
		s.m.tokens.WithLabelValues(t.site.Project, "prompt").Add(float64(a.Usage.PromptTokens))
		s.m.tokens.WithLabelValues(t.site.Project, "completion").Add(float64(a.Usage.CompletionTokens))
	}
	o := outcome{text: text.String(), answer: a, err: err}
	o.aborted = errors.Is(err, errClientGone) || (err != nil && w.Err() != nil)
	return o
}

// closeReply writes the finish parts naming the thread, the resolution and the cited pages, as
// the conversation event records them (v1: 8, 2, e, d).
func (s *Service) closeReply(t *turn, w encoder, a answer.Answer) {
	end := stream.End{ThreadID: t.thread.ID, Resolution: a.Resolution, Sources: citations(a.Cited), Support: support(t, a)}
	if end.Resolution == "" {
		end.Resolution = event.Unanswered
	}
	_ = w.EndReply(end, stream.Usage{PromptTokens: a.Usage.PromptTokens, CompletionTokens: a.Usage.CompletionTokens})
}

// saveTurn records the question and answer in the thread for the next question.
func (s *Service) saveTurn(t *turn, text string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.threads.Append(ctx, t.thread, thread.Turn{Question: t.req.Question(), Answer: text}); err != nil {
		s.logger.Warn("thread turn not saved", "thread", t.thread.ID, "err", err)
	}
}

// finish counts a reply that did not complete and publishes its conversation event in the
// background (an aborted one; not a failed one): nobody waits for it.
func (s *Service) finish(t *turn, o outcome) {
	s.count(o)
	if o.err != nil && !o.aborted {
		return
	}
	ev := s.conversation(t, o)
	s.background(func() { _ = s.publish(t, ev) })
}

// count records how a reply ended.
func (s *Service) count(o outcome) {
	switch {
	case o.aborted:
		s.m.requests.WithLabelValues(resultAborted).Inc()
	case o.err != nil:
		s.m.requests.WithLabelValues(resultFailed).Inc()
	default:
		s.m.requests.WithLabelValues(resultOK).Inc()
		s.m.answers.WithLabelValues(string(o.answer.Resolution)).Inc()
	}
}

// recordFailed is the error part of a reply whose conversation could not be stored.
const recordFailed = "The answer could not be recorded (the event bus is unavailable). Please try again."

// publicMessage is the error part's text: what went wrong, without internal detail.
func publicMessage(err error) string {
	switch {
	case errors.Is(err, answer.ErrTimeout):
		return "The answer took too long and was stopped. Please try again."
	case errors.Is(err, answer.ErrModel):
		return "The language model failed while answering. Please try again."
	case errors.Is(err, context.Canceled):
		return "The assistant is shutting down. Please try again."
	}
	return "The answer could not be completed. Please try again."
}

// tokens estimates a token count from a length in bytes.
func tokens(n int) int { return (n + 3) / 4 }
