package cjk_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// TestStops: a run is cut at its stop words of two characters or more, the longest from the
// left, and nothing of them is kept; a lone character of the lists (的) is not one.
func TestStops(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  []string
		found bool
	}{
		{"如何重置密码", []string{"重置密码"}, true},
		{"忘记密码怎么办", []string{"忘记密码"}, true}, // 怎么办, not 怎么 then 办
		{"为什么密钥无效", []string{"密钥无效"}, true},
		{"重置密码", []string{"重置密码"}, false},
		{"我的密码", []string{"我的密码"}, false}, // 我, 的: one character each
		{"什么", nil, true},
		{"型を生成する方法は", []string{"型を生成", "方法は"}, true}, // する
		{"비밀번호를어떻게변경하나요", []string{"비밀번호를", "변경", "요"}, true},
		{"", nil, false},
	} {
		var got []string
		found := cjk.Stops(tc.in, func(start, end int) { got = append(got, tc.in[start:end]) })
		if !reflect.DeepEqual(got, tc.want) || found != tc.found {
			t.Errorf("Stops(%q) = %q, %v; want %q, %v", tc.in, got, found, tc.want, tc.found)
		}
	}
}
