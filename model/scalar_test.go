package model

import (
	"math"
	"testing"
)

func TestSameScalar(t *testing.T) {
	tests := []struct {
		a, b any
		want bool
	}{
		{3.0, 3.0, true},
		{3.0, 3, true},
		{int64(3), float32(3), true},
		{3.0, 4.0, false},
		{3.0, "3", false},
		{"a", "a", true},
		{"a", "A", false},
		{true, true, true},
		{true, 1.0, false},
		{math.NaN(), math.NaN(), false},
		{math.Inf(1), math.Inf(1), false},
		{nil, nil, false},
	}
	for _, tt := range tests {
		if got := SameScalar(tt.a, tt.b); got != tt.want {
			t.Errorf("SameScalar(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
