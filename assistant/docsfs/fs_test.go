package docsfs_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/docsfs"
)

func testFS() *docsfs.FS {
	return docsfs.New([]docsfs.File{
		{Path: "/index.md", Title: "Home", Content: "# Home\n\nWelcome to Acme.\n"},
		{Path: "/guides/setup.md", Title: "Setup", Content: "# Setup\n\nInstall the CLI:\n\n```bash\nnpm i -g acme\n```\n\nThen run acme login.\n"},
		{Path: "/guides/auth.md", Title: "Auth", Content: "# Auth\n\nAPI keys start with ak_.\nRotate keys every 90 days.\n"},
		{Path: "/api/users/list.md", Title: "List users", Content: "# List users\n\n`GET /users`\n"},
		{Path: "/guides/setup.md", Title: "Duplicate", Content: "ignored"},
	})
}

func run(t *testing.T, fs *docsfs.FS, script string, lim docsfs.Limits) docsfs.Result {
	t.Helper()
	res, err := fs.Run(context.Background(), script, lim)
	if err != nil {
		t.Fatalf("Run(%q): %v", script, err)
	}
	return res
}

func TestCommands(t *testing.T) {
	fs := testFS()
	tests := []struct {
		script, want string
		failed       int
	}{
		{"ls", "api/\nguides/\nindex.md\n", 0},
		{"ls /guides", "auth.md\nsetup.md\n", 0},
		{"ls -l /guides/auth.md", "     4  /guides/auth.md  # Auth\n", 0},
		{"tree", "/\n├── api/\n│   └── users/\n│       └── list.md\n├── guides/\n│   ├── auth.md\n│   └── setup.md\n└── index.md\n", 0},
		{"tree -L 1 /", "/\n├── api/\n├── guides/\n└── index.md\n", 0},
		{"cat /index.md", "# Home\n\nWelcome to Acme.\n", 0},
		{"cat -n /guides/auth.md:3-4", "     3\tAPI keys start with ak_.\n     4\tRotate keys every 90 days.\n", 0},
		{"cat /guides/auth.md:3", "API keys start with ak_.\n", 0},
		{"cat /guides/*.md", "==> /guides/auth.md <==\n# Auth\n\nAPI keys start with ak_.\nRotate keys every 90 days.\n==> /guides/setup.md <==\n# Setup\n\nInstall the CLI:\n\n```bash\nnpm i -g acme\n```\n\nThen run acme login.\n", 0},
		{"head -n 1 /guides/setup.md", "# Setup\n", 0},
		{"head -2 /index.md", "# Home\n\n", 0},
		{"tail -n 1 /guides/setup.md", "Then run acme login.\n", 0},
		{"tail -n +3 /index.md", "Welcome to Acme.\n", 0},
		{"sed -n '3,4p' /guides/auth.md", "API keys start with ak_.\nRotate keys every 90 days.\n", 0},
		{"grep -n keys /guides", "/guides/auth.md:3:API keys start with ak_.\n/guides/auth.md:4:Rotate keys every 90 days.\n", 0},
		{"grep -n -i 'ROTATE' /guides/auth.md", "4:Rotate keys every 90 days.\n", 0},
		{"grep -F 'ak_.' /", "/guides/auth.md:API keys start with ak_.\n", 0},
		{"grep -l acme /", "/guides/setup.md\n", 0},
		{"grep -o -n 'ak_[a-z]*' /guides/auth.md", "3:ak_\n", 0},
		{"grep -c '^#' /guides", "/guides/auth.md:1\n/guides/setup.md:1\n", 0},
		{"grep -n -A 1 CLI /guides/setup.md", "3:Install the CLI:\n4-\n", 0},
		{"grep -w key /guides", "grep: no match (grep -i ignores case; -F takes the pattern literally)\n", 1},
		{"cat /guides/setup.md | grep -n acme", "6:npm i -g acme\n9:Then run acme login.\n", 0},
		{"grep -w key /guides | wc -l", "0 \n", 0},
		{"grep -w key / | head -n 1", "", 0},
		{"grep -c -w key /guides/auth.md | wc -l", "1 \n", 0},
		{"grep -w key /guides | wc -l && head -n 1 /index.md", "$ grep -w key /guides | wc -l\n0 \n$ head -n 1 /index.md\n# Home\n", 0},
		{"cat /index.md | grep -w key && head -n 1 /index.md", "$ cat /index.md | grep -w key\ngrep: no match (grep -i ignores case; -F takes the pattern literally)\n", 1},
		{"grep -w key /guides | grep -c x", "0\ngrep: no match (grep -i ignores case; -F takes the pattern literally)\n", 1},
		{"cat /guides/setup.md | head -n 1 | wc -l", "1 \n", 0},
		{"wc -l /guides/auth.md", "4 /guides/auth.md\n", 0},
		{"find / -name '*.md' -type f", "/api/users/list.md\n/guides/auth.md\n/guides/setup.md\n/index.md\n", 0},
		{"find /api -type d", "/api\n/api/users\n", 0},
		{"cd /guides; pwd; cat auth.md:1", "$ cd /guides\n$ pwd\n/guides\n$ cat auth.md:1\n# Auth\n", 0},
		{"cat /nope.md && cat /index.md", "$ cat /nope.md\ncat: /nope.md: no such file or directory (ls / lists the site)\n", 1},
		{"cat /nope.md; head -n 1 /index.md", "$ cat /nope.md\ncat: /nope.md: no such file or directory (ls / lists the site)\n$ head -n 1 /index.md\n# Home\n", 1},
		{"cat ../../../etc/passwd", "cat: /etc/passwd: no such file or directory (ls / lists the site)\n", 1},
		{"cat /guides/../../index.md:1", "# Home\n", 0},
		{"ls /etc", "ls: /etc: no such file or directory (ls / lists the site)\n", 1},
		{"cat /guides", "cat: /guides: is a directory (ls /guides lists it)\n", 1},
		{"rm -rf /", "rm: unknown command; use ls, tree, cat, head, tail, sed -n, grep, wc, find, cd, pwd, echo, help\n", 1},
		{"cat /index.md:5-2", "cat: \"/index.md:5-2\": a line range is FILE:START-END with 1 <= START <= END\n", 1},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			res := run(t, fs, tc.script, docsfs.DefaultLimits)
			if res.Output != tc.want || res.Failed != tc.failed {
				t.Errorf("output %q (failed %d)\nwant   %q (failed %d)", res.Output, res.Failed, tc.want, tc.failed)
			}
		})
	}
}

func TestSyntax(t *testing.T) {
	fs := testFS()
	for _, script := range []string{"", "cat /a > /b", "echo $(ls)", "cat 'open", "ls &", "| grep x", "ls ||| x", strings.Repeat("ls;", 40)} {
		if _, err := fs.Run(context.Background(), script, docsfs.DefaultLimits); !errors.Is(err, docsfs.ErrSyntax) {
			t.Errorf("Run(%q) = %v, want ErrSyntax", script, err)
		}
	}
}

// TestBounds: a cat of every page at once, a pipe of everything and a pathological pattern
// all end within their bounds, saying what was cut.
func TestBounds(t *testing.T) {
	var files []docsfs.File
	for i := range 200 {
		files = append(files, docsfs.File{Path: "/p/" + strings.Repeat("x", i%7) + itoa(i) + ".md", Content: strings.Repeat("line of text about keys\n", 200)})
	}
	fs := docsfs.New(files)
	lim := docsfs.Limits{Output: 4096, Pipe: 64 << 10, Commands: 8, Timeout: 5 * time.Second}
	res := run(t, fs, "cat /p/*.md", lim)
	if !res.Truncated || len(res.Output) > 4096+300 || !strings.Contains(res.Output, "[output truncated at 4096 bytes;") {
		t.Errorf("cat of every page: %d bytes, truncated %v; tail %q", len(res.Output), res.Truncated, res.Output[max(0, len(res.Output)-200):])
	}
	res = run(t, fs, "cat /p/*.md | wc -l", lim)
	if n, _ := strconv.Atoi(strings.TrimSpace(res.Output)); res.Truncated || n < 2000 || n > (64<<10)/24+10 {
		t.Errorf("a pipe of every page (64 KiB of 24-byte lines): %q", res.Output)
	}
	long := docsfs.New([]docsfs.File{{Path: "/a.md", Content: strings.Repeat("a", 1<<20) + "\n"}})
	quick := docsfs.Limits{Output: 4096, Pipe: 4096, Commands: 4, Timeout: 300 * time.Millisecond}
	start := time.Now()
	res = run(t, long, "grep -c '(a*)*(a*)*(a*)*b' /a.md", quick)
	switch {
	case time.Since(start) > 3*time.Second: // the bound, with room for a loaded machine and the race detector
		t.Errorf("pathological pattern: %v for a 300ms bound", time.Since(start))
	case res.Output != "0\ngrep: no match (grep -i ignores case; -F takes the pattern literally)\n" &&
		!strings.HasSuffix(res.Output, "[stopped: the call ran out of its 300ms]\n"):
		t.Errorf("pathological pattern: %q", res.Output)
	}
	res = run(t, long, "grep "+strings.Repeat("a", 1001)+" /", docsfs.DefaultLimits)
	if !strings.Contains(res.Output, "at most 1000") {
		t.Errorf("long pattern: %q", res.Output)
	}
	res = run(t, docsfs.New([]docsfs.File{{Path: "/a.md", Content: strings.Repeat("x", 1<<20) + "a" + strings.Repeat("x", 1<<20) + "\n"}}), "grep -n 'a' /a.md", docsfs.DefaultLimits)
	if strings.Count(res.Output, "\n") > 2 || !strings.Contains(res.Output, "[...]") {
		t.Errorf("a 1 MiB line is shown cut around its match: %d bytes", len(res.Output))
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		if n /= 10; n == 0 {
			return s
		}
	}
}

// TestDirIndexPage: a page whose source is dir/index.mdx (PrefectHQ/prefect@ce79dd3d
// docs/integrations/prefect-aws/index.mdx, beside its api-ref/ pages) is served at /dir, so
// its file is /dir.md in every listing and search; /dir/index.md, the name its source
// suggests, reads the same file under that one name.
func TestDirIndexPage(t *testing.T) {
	fs := docsfs.New([]docsfs.File{
		{Path: "/index.md", Title: "Home", Content: "# Home\n"},
		{Path: "/integrations/prefect-aws.md", Title: "prefect-aws", Content: "# prefect-aws\n\nRun flows on ECS workers.\n"},
		{Path: "/integrations/prefect-aws/api-ref/batch.md", Title: "batch", Content: "# batch\n\nSubmit to AWS Batch from workers.\n"},
	})
	tests := []struct {
		script, want string
		failed       int
	}{
		{"ls /integrations", "prefect-aws.md\nprefect-aws/\n", 0},
		{"ls /integrations/prefect-aws", "api-ref/\n", 0},
		{"tree /integrations", "/integrations\n├── prefect-aws.md\n└── prefect-aws/\n    └── api-ref/\n        └── batch.md\n", 0},
		{"grep -l workers /integrations", "/integrations/prefect-aws.md\n/integrations/prefect-aws/api-ref/batch.md\n", 0},
		{"cat /integrations/prefect-aws.md:3", "Run flows on ECS workers.\n", 0},
		{"cat /integrations/prefect-aws/index.md", "# prefect-aws\n\nRun flows on ECS workers.\n", 0},
		{"cd /integrations/prefect-aws; cat index.md:1", "$ cd /integrations/prefect-aws\n$ cat index.md:1\n# prefect-aws\n", 0},
		{"head -n 1 /integrations/prefect-aws/index.md /index.md", "==> /integrations/prefect-aws.md <==\n# prefect-aws\n==> /index.md <==\n# Home\n", 0},
		{"ls -l /integrations/prefect-aws/index.md", "     3  /integrations/prefect-aws.md  # prefect-aws\n", 0},
		{"grep -n ECS /integrations/prefect-aws/index.md", "3:Run flows on ECS workers.\n", 0},
		{"wc -l /integrations/prefect-aws/index.md", "3 /integrations/prefect-aws.md\n", 0},
		{"find /integrations/prefect-aws/index.md", "/integrations/prefect-aws.md\n", 0},
		{"cat /integrations/prefect-aws/api-ref/index.md", "cat: /integrations/prefect-aws/api-ref/index.md: no such file or directory (ls / lists the site)\n", 1},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			res := run(t, fs, tc.script, docsfs.DefaultLimits)
			if res.Output != tc.want || res.Failed != tc.failed {
				t.Errorf("output %q (failed %d)\nwant   %q (failed %d)", res.Output, res.Failed, tc.want, tc.failed)
			}
		})
	}
	if f, ok := fs.File("/integrations/prefect-aws/index.md"); !ok || f.Path != "/integrations/prefect-aws.md" {
		t.Errorf("File(/integrations/prefect-aws/index.md) = %+v, %v; want the page /integrations/prefect-aws.md", f, ok)
	}
}

// TestIndexIsTheHomePage: /index.md, where the help and the MCP tool's description send an
// agent first, reads the home page of a site that has no page at / (Sequence's docs,
// 0xsequence/docs@2e7df85, start at /home, Unstructured's at /welcome: "cat /index.md" said
// "no such file"). It is not listed; a page at / stays /index.md.
func TestIndexIsTheHomePage(t *testing.T) {
	home := docsfs.New([]docsfs.File{
		{Path: "/guides/a.md", Title: "A", Content: "# A\n"},
		{Path: "/home.md", Title: "Home", Content: "# Home\n\nBuild with Sequence.\n", Home: true},
	})
	both := docsfs.New([]docsfs.File{
		{Path: "/index.md", Title: "Index", Content: "# Index\n"},
		{Path: "/home.md", Title: "Home", Content: "# Home\n", Home: true},
	})
	tests := []struct {
		name   string
		fs     *docsfs.FS
		script string
		want   string
	}{
		{name: "the home page", fs: home, script: "head -n 1 /index.md", want: "# Home\n"},
		{name: "from a directory", fs: home, script: "cd /guides; cat ../index.md:3", want: "$ cd /guides\n$ cat ../index.md:3\nBuild with Sequence.\n"},
		{name: "not listed", fs: home, script: "ls /", want: "guides/\nhome.md\n"},
		{name: "a page at /", fs: both, script: "cat /index.md", want: "# Index\n"},
		{name: "no home page", fs: docsfs.New([]docsfs.File{{Path: "/a.md", Content: "# A\n"}}), script: "cat /index.md",
			want: "cat: /index.md: no such file or directory (ls / lists the site)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := run(t, tt.fs, tt.script, docsfs.DefaultLimits).Output; got != tt.want {
				t.Errorf("%s:\n%q\nwant\n%q", tt.script, got, tt.want)
			}
		})
	}
}

// TestMDXNames: Mintlify's filesystem tool keeps a page at /some/page.mdx ("a page at the URL
// path /some/page lives at /some/page.mdx", its description says), so an agent used to it
// names pages so; each such name reads the page's .md file (a dir/index.mdx source's too),
// and one of no page is missing under the name it was given.
func TestMDXNames(t *testing.T) {
	fs := docsfs.New([]docsfs.File{
		{Path: "/quickstart.md", Title: "Quickstart", Content: "# Quickstart\n\nInstall the CLI with npm.\n", Home: true},
		{Path: "/integrations/prefect-aws.md", Title: "prefect-aws", Content: "# prefect-aws\n\nRun flows on ECS workers.\n"},
	})
	tests := []struct {
		script, want string
		failed       int
	}{
		{"cat /quickstart.mdx", "# Quickstart\n\nInstall the CLI with npm.\n", 0},
		{"head -n 1 /integrations/prefect-aws/index.mdx", "# prefect-aws\n", 0},
		{"cd /integrations; cat prefect-aws.mdx:3", "$ cd /integrations\n$ cat prefect-aws.mdx:3\nRun flows on ECS workers.\n", 0},
		{"rg -n npm /quickstart.mdx", "3:Install the CLI with npm.\n", 0},
		{"rg -il NPM /", "/quickstart.md\n", 0},
		{"wc -l /quickstart.mdx", "3 /quickstart.md\n", 0},
		{"cat /index.mdx", "# Quickstart\n\nInstall the CLI with npm.\n", 0},
		{"cat /nope.mdx", "cat: /nope.mdx: no such file or directory (ls / lists the site)\n", 1},
		{`find / -name "*.mdx"`, "/integrations/prefect-aws.md\n/quickstart.md\n", 0},
		{`find /integrations -iname "PREFECT-AWS.MDX"`, "/integrations/prefect-aws.md\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			res := run(t, fs, tc.script, docsfs.DefaultLimits)
			if res.Output != tc.want || res.Failed != tc.failed {
				t.Errorf("output %q (failed %d)\nwant   %q (failed %d)", res.Output, res.Failed, tc.want, tc.failed)
			}
		})
	}
}

// TestCommandHelp: Mintlify's filesystem tool tells agents to run --help on any command for
// its usage, so "CMD --help" prints that command's lines of the help (rg's are grep's) instead
// of "unknown option"; "--help" after "--" is an argument like any other.
func TestCommandHelp(t *testing.T) {
	fs := docsfs.New([]docsfs.File{{Path: "/index.md", Title: "Home", Content: "# Home\n\nRun it with --help to see its flags.\n"}})
	tests := []struct {
		script, want string
		failed       int
	}{
		{"head --help", "head [-n N] FILE... / tail [-n N] FILE...\n", 0},
		{"tail -n 3 --help", "head [-n N] FILE... / tail [-n N] FILE...\n", 0},
		{"pwd --help", "cd DIR / pwd                      change or show the directory for the rest of the call\n", 0},
		{"rg --help", "grep [-n] [-i] [-F] [-w] [-v] [-l] [-c] [-m N] [-A N] [-B N] [-C N] [-e] PATTERN [PATH...]\n" +
			"                                  search pages (PATTERN is RE2, or a fixed string with -F); directories are searched recursively, / by default\n" +
			"rg is grep here: the same flags.\n", 0},
		{"grep -n -F -- --help /", "/index.md:3:Run it with --help to see its flags.\n", 0},
		{"stat --help", "stat: unknown command; use ls, tree, cat, head, tail, sed -n, grep, wc, find, cd, pwd, echo, help\n", 1},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			res := run(t, fs, tc.script, docsfs.DefaultLimits)
			if res.Output != tc.want || res.Failed != tc.failed {
				t.Errorf("output %q (failed %d)\nwant   %q (failed %d)", res.Output, res.Failed, tc.want, tc.failed)
			}
		})
	}
}
