package model

import (
	"os"
	"testing"
)

func BenchmarkTmpParse(b *testing.B) {
	data, err := os.ReadFile("../../shared/fixtures/marinara/5e-2014.json")
	if err != nil {
		b.Skip()
	}
	src := string(data)
	b.ReportAllocs()
	for b.Loop() {
		parse("x.json", src, MaxValues)
	}
}
