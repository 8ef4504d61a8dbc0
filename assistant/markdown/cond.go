package markdown

import "strings"

// jsx is a prop given as JSX (`sub={<>See <a href="...">pricing</a> for each plan.</>}`): it
// has text where the component writes it as content, none as an attribute's value.
type jsx string

// jsxProp reads an attribute's expression that is JSX, an element or a fragment.
func jsxProp(expr string) (jsx, bool) {
	expr = unparen(strings.TrimSpace(expr))
	if len(expr) < 3 || expr[0] != '<' || expr[len(expr)-1] != '>' {
		return "", false
	}
	return jsx(expr), true
}

// conditional reads the conditional JSX of a component, `{cond ? <p>{sub}</p> : null}` or
// `{cond && <p>{sub}</p>}`, whose condition is a name the binder knows: it returns the JSX when
// the condition holds and "" when it does not (React renders null, undefined and false as
// nothing). ok is false for any other expression.
func (b binder) conditional(expr string) (out string, ok bool) {
	cond, then, ok := splitConditional(expr)
	if !ok || !b.knows(cond) {
		return "", false
	}
	if v, found := b.eval(cond); found && truthy(v) {
		return then, true
	}
	return "", true
}

// splitConditional splits `cond ? JSX : null` and `cond && JSX` (the JSX in parentheses or
// not) into the condition, a name or member chain, and the JSX.
func splitConditional(expr string) (cond, then string, ok bool) {
	if c, rest, found := strings.Cut(expr, "&&"); found {
		cond, then = c, rest
	} else if c, rest, found := strings.Cut(expr, "?"); found {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 || !isNothing(strings.TrimSpace(rest[i+1:])) {
			return "", "", false
		}
		cond, then = c, rest[:i]
	} else {
		return "", "", false
	}
	cond = strings.TrimSpace(cond)
	then = unparen(strings.TrimSpace(then))
	for _, p := range strings.Split(cond, ".") {
		if !isIdent(p) {
			return "", "", false
		}
	}
	if len(then) < 3 || then[0] != '<' || then[len(then)-1] != '>' {
		return "", "", false
	}
	return cond, then, true
}

// isNothing reports whether an expression renders as nothing in React.
func isNothing(expr string) bool {
	switch expr {
	case "null", "undefined", "false", `""`, "''":
		return true
	}
	return false
}

// truthy reports whether a prop's value counts as true in JavaScript.
func truthy(v any) bool {
	switch v := v.(type) {
	case string:
		return v != "" && v != "false" && v != "0"
	case jsx:
		return true
	case nil:
		return false
	}
	return true
}

// unparen removes one pair of parentheses around s.
func unparen(s string) string {
	if len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
		return strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}
