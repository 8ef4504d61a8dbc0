package sitedocs

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// Assistant is how the docs team shapes the assistant (Mintlify's assistant/customize and
// assistant/skills): the instructions of .mintlify/Assistant.md (else the root's), added to the
// model's system prompt, and the skills of .mintlify/assistant/skills/<slug>/skill.md (or
// skill.mdx), which the model loads when a question matches one.
type Assistant struct {
	Instructions string // .mintlify/Assistant.md (or ASSISTANT.md), else the root's; "" when there is none
	Skills       []AssistantSkill
}

// AssistantSkill is one skill the assistant may load: its directory's slug, its frontmatter
// name and description, and its instructions (the file after the frontmatter).
type AssistantSkill struct {
	Slug, Name, Description, Content string
}

// Bounds of the assistant's files (a docs team's file goes into every model request).
const (
	assistantDir          = ".mintlify"
	skillsDir             = ".mintlify/assistant/skills"
	maxInstructionsBytes  = 32 << 10 // Assistant.md: about 8,000 tokens
	maxAssistantSkillFile = 256 << 10
	maxAssistantSkills    = 32
	maxSkillDescription   = 1024 // characters, as the catalog's skills
)

// instructionFiles are the files Mintlify reads the instructions from, in order: in .mintlify/,
// which it does not serve, then at the project's root, where Mintlify reads them too but also
// serves them publicly at /assistant.md (its assistant/customize page warns of it, and tells
// teams that "must store" the file there to .mintignore it; real sites keep it there).
var instructionFiles = []string{
	assistantDir + "/Assistant.md", assistantDir + "/ASSISTANT.md",
	"Assistant.md", "ASSISTANT.md",
}

// ReadAssistant reads the assistant instructions and skills of the site in fsys; each file it
// cannot use is a warning (its Path is the file's) and is left out. Load reads them so; `lectern
// nav validate` reports the warnings.
func ReadAssistant(fsys fs.FS) (Assistant, []docsjson.Problem) {
	var a Assistant
	var problems []docsjson.Problem
	warn := warner(&problems)
	for _, file := range instructionFiles {
		data, err := readLimited(fsys, file, maxInstructionsBytes)
		if errors.Is(err, errTooLarge) {
			warn(file, "the assistant's instructions are larger than %d bytes; they are left out", maxInstructionsBytes)
			break
		}
		if err == nil {
			a.Instructions = strings.TrimSpace(string(data))
			break
		}
	}
	a.Skills = readAssistantSkills(fsys, warn)
	return a, problems
}

// warner returns a function that adds a problem with a file to problems.
func warner(problems *[]docsjson.Problem) func(file, format string, args ...any) {
	return func(file, format string, args ...any) {
		*problems = append(*problems, docsjson.Problem{Path: file, Message: fmt.Sprintf(format, args...)})
	}
}

// readAssistantSkills reads .mintlify/assistant/skills/<slug>/skill.md (or skill.mdx, as
// Mintlify's own docs name theirs), in slug order.
func readAssistantSkills(fsys fs.FS, warn func(file, format string, args ...any)) []AssistantSkill {
	dirs, err := fs.ReadDir(fsys, skillsDir)
	if err != nil {
		return nil
	}
	var out []AssistantSkill
	for _, d := range dirs {
		if !d.IsDir() && d.Type()&fs.ModeSymlink == 0 {
			continue
		}
		dir := skillsDir + "/" + d.Name()
		if !validSlug(d.Name()) {
			warn(dir, "skill slug %q: slugs must contain only lowercase letters, numbers, and hyphens; the skill is left out", d.Name())
			continue
		}
		files := skillFiles(fsys, dir)
		switch {
		case len(files) == 0:
			warn(dir, "no skill.md (or skill.mdx) in the skill's directory; the skill is left out")
			continue
		case len(files) > 1:
			warn(dir, "duplicate skill slug %q: %s; only %s is used", d.Name(), strings.Join(files, " and "), files[0])
		}
		if len(out) == maxAssistantSkills {
			warn(dir, "more than %d skills; this one and the rest are left out", maxAssistantSkills)
			break
		}
		if s, msg := readAssistantSkill(fsys, dir+"/"+files[0], d.Name()); msg != "" {
			warn(dir+"/"+files[0], "%s", msg)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// skillFiles are the names of a skill directory's skill files: skill.md or skill.mdx, in any
// case.
func skillFiles(fsys fs.FS, dir string) []string {
	entries, _ := fs.ReadDir(fsys, dir)
	var out []string
	for _, e := range entries {
		if !e.IsDir() && (strings.EqualFold(e.Name(), "skill.md") || strings.EqualFold(e.Name(), "skill.mdx")) {
			out = append(out, e.Name())
		}
	}
	return out
}

// readAssistantSkill reads one skill file; msg says why it cannot be used.
func readAssistantSkill(fsys fs.FS, file, slug string) (s AssistantSkill, msg string) {
	data, err := readLimited(fsys, file, maxAssistantSkillFile)
	switch {
	case errors.Is(err, errTooLarge):
		return s, fmt.Sprintf("the skill is larger than %d bytes; it is left out", maxAssistantSkillFile)
	case err != nil:
		return s, "the skill cannot be read; it is left out"
	}
	fm, body, ok := frontmatter(string(data))
	if !ok {
		return s, "the skill has no YAML frontmatter (---, name and description, ---); it is left out"
	}
	name, desc, _ := skillMeta(fm)
	if name == "" || desc == "" {
		return s, "the skill's frontmatter needs a name and a description; it is left out"
	}
	d := []rune(desc)
	return AssistantSkill{Slug: slug, Name: name, Description: string(d[:min(len(d), maxSkillDescription)]), Content: strings.TrimSpace(body)}, ""
}

// frontmatter splits a Markdown file into its frontmatter (with its --- lines) and body.
func frontmatter(content string) (fm, body string, ok bool) {
	content = strings.ReplaceAll(content, "\r\n", "\n")
	rest, ok := strings.CutPrefix(content, "---\n")
	if !ok {
		return "", content, false
	}
	block, after, ok := strings.Cut(rest, "\n---")
	if !ok {
		return "", content, false
	}
	_, body, _ = strings.Cut(after, "\n")
	return "---\n" + block + "\n---\n", body, true
}

// validSlug reports whether s is a skill slug as Mintlify states them: only lowercase letters,
// numbers, and hyphens.
func validSlug(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
