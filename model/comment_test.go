package model_test

import (
	"strconv"
	"strings"
	"testing"

	"rulebench/model"
)

// HideComments takes "$comment" out of what the checks see, map-like
// objects included, and the edits still see and keep it.
func TestHideComments(t *testing.T) {
	src := "{\n  \"stats\": { \"$comment\": \"note\", \"bulk\": 2, \"edge\": 1 },\n  \"only\": { \"$comment\": \"alone\" },\n  \"list\": [ { \"id\": \"a\", \"$comment\": \"last\" } ]\n}\n"
	root, diags := model.Parse("t.json", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	root.HideComments()
	root.HideComments() // once per document: a second call changes nothing
	stats := root.Get("stats")
	var keys []string
	for _, c := range stats.Children() {
		keys = append(keys, c.Key()+"@"+strconv.Itoa(c.Index()))
	}
	if strings.Join(keys, " ") != "bulk@0 edge@1" || stats.Get("$comment") != nil || stats.Get("edge").Num() != 1 {
		t.Errorf("stats shows %v", keys)
	}
	if only := root.Get("only"); len(only.Children()) != 0 || len(only.AllChildren()) != 1 {
		t.Errorf("an object of one comment shows %d members, %d in all", len(only.Children()), len(only.AllChildren()))
	}
	if all := stats.AllChildren(); len(all) != 3 || all[0].Key() != "$comment" {
		t.Errorf("AllChildren gives %d members", len(all))
	}
	if got := root.Get("list").At(0).Get("id").Path(); got != "list.0.id" {
		t.Errorf("path %q", got)
	}
	// Editing keeps the comments: adding to an object whose only member is
	// a comment, removing the member before a comment.
	add, err := model.AppendMember([]byte(src), root.Get("only"), []model.Member{{Key: "k", Value: 1}})
	if err != nil {
		t.Fatal(err)
	}
	rm, err := model.RemoveMembers([]byte(src), stats, []*model.Node{stats.Get("bulk")})
	if err != nil {
		t.Fatal(err)
	}
	out, err := model.Apply([]byte(src), append(rm, add))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"stats\": { \"$comment\": \"note\", \"edge\": 1 },\n  \"only\": { \"$comment\": \"alone\", \"k\": 1 },\n  \"list\": [ { \"id\": \"a\", \"$comment\": \"last\" } ]\n}\n"
	if string(out) != want {
		t.Errorf("edited:\n%s\nwant:\n%s", out, want)
	}
}

// An object whose "$comment" members come before and after a commented
// object inside it has them all hidden, and Comments and AllChildren still
// give every one.
func TestHideCommentsAroundNested(t *testing.T) {
	src := `{"$comment": "one", "a": {"$comment": "inner", "x": 1}, "$comment": "two", "b": 2}`
	root, _ := model.Parse("t.json", []byte(src))
	root.HideComments()
	var kids, all, notes []string
	for _, c := range root.Children() {
		kids = append(kids, c.Key())
	}
	for _, c := range root.AllChildren() {
		all = append(all, c.Key())
	}
	for _, c := range root.Comments() {
		notes = append(notes, c.Str()+"@"+c.Parent().Path())
	}
	if got := strings.Join(kids, " "); got != "a b" {
		t.Errorf("Children: %s", got)
	}
	if got := strings.Join(all, " "); got != "$comment a $comment b" {
		t.Errorf("AllChildren: %s", got)
	}
	if got := strings.Join(notes, " "); got != "one@(root) inner@a two@(root)" {
		t.Errorf("Comments: %s", got)
	}
}
