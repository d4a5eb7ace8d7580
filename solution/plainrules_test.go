package solution

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestPlainRules: PlainRules reads what encoding/json reads over the same
// rules, and leaves every other text to it.
func TestPlainRules(t *testing.T) {
	wrap := true
	for _, c := range []struct {
		text  string
		plain bool
	}{
		{`{}`, true}, {`{"play":"forced"}`, true}, {`{"passes":0,"provisional_wrap":false}`, true},
		{`{"play":"free","passes":3,"provisional_wrap":true,"empty_provisional":"never"}`, true},
		{`{"passes":01}`, false}, {`{"passes":-1}`, false}, {`{"play":"a","play":"b"}`, false}, {`{ }`, false},
		{`{"play":"\u0066"}`, false}, {`{"provisional_wrap":null}`, false}, {`{"Play":"free"}`, false}, {`{"play":"free",}`, false},
		{`{"passes":99999999999999999999}`, false}, {`{"play":1}`, false}, {`{"play":"free"`, false}, {`[]`, false}, {``, false},
	} {
		start := Rules{Play: "free", Passes: 2, ProvisionalWrap: &wrap, EmptyProvisional: "any"}
		got := start
		n, ok := PlainRules([]byte(c.text), &got)
		if ok != c.plain || ok && n != len(c.text) || !ok && !reflect.DeepEqual(got, start) {
			t.Errorf("%s: PlainRules %d, %v, %+v", c.text, n, ok, got)
			continue
		}
		if ok {
			want := start
			if err := json.Unmarshal([]byte(c.text), &want); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s: PlainRules %+v, encoding/json %+v (%v)", c.text, got, want, err)
			}
		}
	}
}
