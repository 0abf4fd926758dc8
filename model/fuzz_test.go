package model_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"rulebench/model"
)

// assertSameAsEncodingJSON checks that Parse builds the tree encoding/json
// decodes from valid JSON.
func assertSameAsEncodingJSON(t *testing.T, name string, data []byte) {
	t.Helper()
	var want any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	root, diags := model.Parse(name, data)
	if root == nil {
		t.Fatalf("%s: Parse refused valid JSON: %v", name, diags)
	}
	if got := root.Interface(); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: Parse and encoding/json disagree", name)
	}
}
