package render

import (
	"strings"
	"testing"
)

// A thermograph drawn with characters: the walls of {3|-1} meet at
// temperature 2 above 1, Left's side on the left.
func TestThermographText(t *testing.T) {
	want := `thermograph of {3|-1}
3 |                    |  mean 1
  |                    |
  |                    |
  |                    |
2 |- - - - - - - - - - | - - - - - - - - - -  t = 2
  |                  // \\
  |                //     \\
  |              //         \\
1 |            //             \\
  |          //                 \\
  |        //                     \\
  |      //                         \\
0 |    //                             \\
  +----+-------+-------+-------+-------+----
       3       2       1       0      -1
   ← Left                            Right →
`
	if got := thermo31.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A number: the mast alone, from its temperature -1.
	n := Thermograph{Title: "thermograph of 3", Left: []ThermoPoint{{3, -1}}, Right: []ThermoPoint{{3, -1}}, Mast: 3, Temperature: -1}
	if got := n.Text(); !strings.Contains(got, "-1 |- - - - - | - - - - -  t = -1\n") {
		t.Errorf("the number 3:\n%s", got)
	}
}
