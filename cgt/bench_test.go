package cgt

import (
	"testing"
)

// hotComponents are ten hot games written in CGSuite's notation: switches, a three-stop
// game, a hot game with a tiny, one with ups, and one from CGSuite's own tests.
var hotComponents = []string{
	"{3|-1}",
	"+-2",
	"{4||2|1}",
	"{5|3||0|-2}",
	"{2|-1/2}",
	"{3||2*|1*}",
	"{1|{0|-4}}",
	"{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
	"{6|^||-2}",
	"{7||5|4|||0}",
}

// BenchmarkSumOfHotComponents adds ten hot components in a fresh Space each time, so
// every canonical form and comparison is computed anew. It reports the forms built per
// operation and the Space's estimated bytes.
func BenchmarkSumOfHotComponents(b *testing.B) {
	var forms int
	var bytes int64
	for b.Loop() {
		s := NewSpace()
		var gs []*Form
		for _, c := range hotComponents {
			g, err := s.Parse(c)
			if err != nil {
				b.Fatal(err)
			}
			gs = append(gs, g)
		}
		sum := s.Zero()
		for _, g := range gs {
			sum = s.Add(sum, g)
		}
		_ = s.Temperature(sum)
		forms, bytes = s.Size()
	}
	b.ReportMetric(float64(forms), "forms/op")
	b.ReportMetric(float64(bytes)/float64(forms), "bytes/form")
	b.ReportMetric(float64(forms)/(b.Elapsed().Seconds()/float64(b.N)), "forms/s")
}
