package sitedocs_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestAssistantFiles: the site's .mintlify/Assistant.md and its skills under
// .mintlify/assistant/skills/<slug>/skill.md are read at load; a file that breaks Mintlify's
// rules (no frontmatter, a slug with other characters, a duplicate, a huge file) is a warning
// naming it and is left out, never a failed load; .mintlify is never a page.
func TestAssistantFiles(t *testing.T) {
	const site = `{"name": "Acme", "navigation": {"groups": [{"group": "Start", "pages": ["index"]}]}}`
	skill := func(name, desc, body string) string {
		return "---\nname: " + name + "\ndescription: " + desc + "\n---\n" + body
	}
	tests := []struct {
		name         string
		files        map[string]string
		instructions string
		skills       []sitedocs.AssistantSkill
		problems     []string // each a substring of one problem, in order
	}{
		{
			name: "none",
		},
		{
			name:         "instructions and two skills",
			files:        map[string]string{".mintlify/Assistant.md": "\nUse \"workspace\", never \"project\".\n", ".mintlify/assistant/skills/migrate-v3/skill.md": skill("Migrate to v3", "Upgrading from v2 to v3.", "# Migrating\n\nStep one.\n"), ".mintlify/assistant/skills/debug-webhooks/skill.mdx": skill("Debug webhooks", "When webhooks fail.", "Check the signature.")},
			instructions: `Use "workspace", never "project".`,
			skills: []sitedocs.AssistantSkill{
				{Slug: "debug-webhooks", Name: "Debug webhooks", Description: "When webhooks fail.", Content: "Check the signature."},
				{Slug: "migrate-v3", Name: "Migrate to v3", Description: "Upgrading from v2 to v3.", Content: "# Migrating\n\nStep one."},
			},
		},
		{
			name:         "ASSISTANT.md",
			files:        map[string]string{".mintlify/ASSISTANT.md": "Be brief."},
			instructions: "Be brief.",
		},
		{
			// Mintlify's assistant/customize warns that an Assistant.md at the root of the
			// project is publicly served at /assistant.md, and to .mintignore it "if you must
			// store" it there: the root file is read too (RefineryTeam/docs keeps it there).
			name:         "at the root",
			files:        map[string]string{"Assistant.md": "# ASSISTANT.md\n\nPrefer documented information over assumptions.\n"},
			instructions: "# ASSISTANT.md\n\nPrefer documented information over assumptions.",
		},
		{
			name:         "ASSISTANT.md at the root",
			files:        map[string]string{"ASSISTANT.md": "Be brief."},
			instructions: "Be brief.",
		},
		{
			name:         ".mintlify before the root",
			files:        map[string]string{"Assistant.md": "From the root.", ".mintlify/Assistant.md": "From .mintlify."},
			instructions: "From .mintlify.",
		},
		{
			name:     "huge instructions at the root",
			files:    map[string]string{"Assistant.md": strings.Repeat("Be kind. ", 4000)},
			problems: []string{"warning: Assistant.md: the assistant's instructions are larger than 32768 bytes; they are left out"},
		},
		{
			name: "bad skills",
			files: map[string]string{
				".mintlify/assistant/skills/a-no-frontmatter/skill.md": "# Just text\n",
				".mintlify/assistant/skills/b-no-description/skill.md": "---\nname: B\n---\nbody",
				".mintlify/assistant/skills/Bad_Slug/skill.md":         skill("Bad", "Bad slug.", "x"),
				".mintlify/assistant/skills/c-dup/SKILL.md":            skill("Upper", "Upper case file.", "upper"),
				".mintlify/assistant/skills/c-dup/skill.md":            skill("Lower", "Lower case file.", "lower"),
				".mintlify/assistant/skills/c-dup/skill.mdx":           skill("MDX", "MDX file.", "mdx"),
				".mintlify/assistant/skills/d-empty/notes.md":          "no skill here",
				".mintlify/assistant/skills/e-huge/skill.md":           skill("Huge", "Too big.", strings.Repeat("x", 300<<10)),
			},
			skills: []sitedocs.AssistantSkill{{Slug: "c-dup", Name: "Upper", Description: "Upper case file.", Content: "upper"}},
			problems: []string{
				`warning: .mintlify/assistant/skills/Bad_Slug: skill slug "Bad_Slug": slugs must contain only lowercase letters, numbers, and hyphens`,
				"warning: .mintlify/assistant/skills/a-no-frontmatter/skill.md: the skill has no YAML frontmatter",
				"warning: .mintlify/assistant/skills/b-no-description/skill.md: the skill's frontmatter needs a name and a description",
				`warning: .mintlify/assistant/skills/c-dup: duplicate skill slug "c-dup": SKILL.md and skill.md and skill.mdx; only SKILL.md is used`,
				"warning: .mintlify/assistant/skills/d-empty: no skill.md",
				"warning: .mintlify/assistant/skills/e-huge/skill.md: the skill is larger than 262144 bytes",
			},
		},
		{
			name:     "too many skills",
			files:    manySkills(33),
			skills:   manySkillsWant(32),
			problems: []string{"warning: .mintlify/assistant/skills/s32: more than 32 skills; this one and the rest are left out"},
		},
		{
			name:     "huge instructions",
			files:    map[string]string{".mintlify/Assistant.md": strings.Repeat("Be kind. ", 4000)},
			problems: []string{"warning: .mintlify/Assistant.md: the assistant's instructions are larger than 32768 bytes; they are left out"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"docs.json": site, "index.mdx": "---\ntitle: Home\n---\nWelcome.\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			writeFiles(t, dir, files)
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			a := d.Catalog.Assistant
			if a.Instructions != tt.instructions {
				t.Errorf("instructions %q, want %q", a.Instructions, tt.instructions)
			}
			if !slices.Equal(a.Skills, tt.skills) {
				t.Errorf("skills\n%+v\nwant\n%+v", a.Skills, tt.skills)
			}
			if len(d.Problems) != len(tt.problems) {
				t.Fatalf("problems %q, want %d", d.Problems, len(tt.problems))
			}
			for i, want := range tt.problems {
				if !strings.Contains(d.Problems[i], want) {
					t.Errorf("problem %d %q, want it to hold %q", i, d.Problems[i], want)
				}
			}
			for _, e := range d.Entries {
				if strings.HasPrefix(e.File, ".mintlify") {
					t.Errorf("%s is a page", e.File)
				}
			}
		})
	}
}

// manySkills are n valid skills, s00 to s(n-1).
func manySkills(n int) map[string]string {
	out := map[string]string{}
	for i := range n {
		slug := fmt.Sprintf("s%02d", i)
		out[".mintlify/assistant/skills/"+slug+"/skill.md"] = "---\nname: " + slug + "\ndescription: Skill " + slug + ".\n---\nDo " + slug + "."
	}
	return out
}

// manySkillsWant are the first n of manySkills.
func manySkillsWant(n int) []sitedocs.AssistantSkill {
	var out []sitedocs.AssistantSkill
	for i := range n {
		slug := fmt.Sprintf("s%02d", i)
		out = append(out, sitedocs.AssistantSkill{Slug: slug, Name: slug, Description: "Skill " + slug + ".", Content: "Do " + slug + "."})
	}
	return out
}
