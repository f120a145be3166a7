package misere

// Phyla (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13; CGSuite's
// classification, due to Dan Hoey). A form's phylum says how simply it plays in
// sums, and follows from its normal and misère values g+ and g- and its options'
// phyla. The values are a *tame pair* when g+ = g- or both are 0 or 1 (the values
// of a Nim heap in misère play), a *restive pair* when not and g+ <= 1, a
// *restless pair* when not and g- <= 1, and wild otherwise.

// Phylum classifies a form.
type Phylum uint8

// The phyla, from the simplest.
const (
	// NimHeap: every option is of this phylum (a nim heap in play) and the values are
	// those of a nim heap: (0, 1), (1, 0) or (n, n) for n >= 2.
	NimHeap Phylum = iota
	// Tame (hereditarily): every option is tame and the values are a tame pair.
	Tame
	// GenerallyTame: a tame pair whose options are generally tame, or whose other
	// options are reversible through generally tame games of the form's values, the
	// generally tame options alone giving the values.
	GenerallyTame
	// Tameable: a tame pair with options that are generally tame or tameable, or that
	// reverse through tameable games of the form's values (the genus of its sums
	// with tame games is determined).
	Tameable
	// Restive (hereditarily): every option is tame and the values are a restive pair.
	Restive
	// GenerallyRestive: a restive pair whose options are generally tame, or whose
	// other options reverse through restive or tame games of matching values.
	GenerallyRestive
	// Restless: every option is generally tame and the values are a restless pair.
	Restless
	// Wild: none of the above.
	Wild
)

var phylumNames = [...]string{"nim heap", "tame", "generally tame", "tameable", "restive", "generally restive", "restless", "wild"}

func (p Phylum) String() string { return phylumNames[p] }

// IsTame reports a nim heap or tame form (CGSuite's IsTame: hereditarily tame).
func (p Phylum) IsTame() bool { return p <= Tame }

// IsGenerallyTame reports a nim heap, tame or generally tame form.
func (p Phylum) IsGenerallyTame() bool { return p <= GenerallyTame }

// IsTameable reports a generally tame or tameable form.
func (p Phylum) IsTameable() bool { return p <= Tameable }

// IsGenerallyRestive reports a restive or generally restive form.
func (p Phylum) IsGenerallyRestive() bool { return p == Restive || p == GenerallyRestive }

func (p Phylum) restiveOrTame() bool { return p.IsGenerallyTame() || p.IsGenerallyRestive() }

// pairKind classifies a value pair: 0 tame, 1 restive, 2 restless, 3 wild.
func pairKind(plus, minus int) int {
	switch {
	case plus == minus || (plus <= 1 && minus <= 1):
		return 0
	case plus <= 1:
		return 1
	case minus <= 1:
		return 2
	}
	return 3
}

// phylum classifies a new form with these options and values.
func (t *Table) phylum(opts []ID, plus, minus int) Phylum {
	kind := pairKind(plus, minus)
	widest := NimHeap // the wildest option phylum, while all are generally tame
	for _, o := range opts {
		widest = max(widest, t.forms[o].phylum)
	}
	switch {
	case widest == NimHeap && kind == 0 && (plus > 1 || plus != minus):
		return NimHeap
	case widest <= Tame && kind == 0:
		return Tame
	case widest <= Tame && kind == 1:
		return Restive
	case widest <= GenerallyTame && kind == 0:
		return GenerallyTame
	case widest <= GenerallyTame && kind == 1:
		return GenerallyRestive
	case widest <= GenerallyTame && kind == 2:
		return Restless
	case kind == 0:
		return t.reversibly(opts, plus, minus, true)
	case kind == 1:
		return t.reversibly(opts, plus, minus, false)
	}
	return Wild
}

// reversibly classifies a form of a tame (or restive) pair with an option that is
// not generally tame: it is generally tame (restive) when every such option has an
// option of the form's values that is generally tame (restive or tame, with values
// that keep the pair restive), and the generally tame options alone give the
// form's values; tameable when every such option is tameable or has a tameable
// option of the form's values, and the generally tame and tameable options alone
// give the values (or there are none of them and g+ is 0).
func (t *Table) reversibly(opts []ID, plus, minus int, tame bool) Phylum {
	reversible, tameable := true, tame
	var tameMinus, tamePlus, tameableMinus, tameablePlus []int
	for _, o := range opts {
		f := t.forms[o]
		if f.phylum.IsGenerallyTame() {
			tamePlus, tameMinus = append(tamePlus, f.gPlus), append(tameMinus, f.gMinus)
			continue
		}
		foundMinus, foundPlus := false, false
		tameableMinusFound, tameablePlusFound := false, false
		if tameable && f.phylum == Tameable {
			tameablePlus, tameableMinus = append(tameablePlus, f.gPlus), append(tameableMinus, f.gMinus)
			tameableMinusFound, tameablePlusFound = true, true
		}
		for _, s := range f.opts {
			g := t.forms[s]
			switch {
			case tame && g.phylum.IsGenerallyTame():
				foundMinus = foundMinus || g.gMinus == minus
				foundPlus = foundPlus || g.gPlus == plus
			case !tame && g.phylum.restiveOrTame():
				foundMinus = foundMinus || (g.gMinus == minus && (g.gPlus <= 1 || g.gPlus^minus <= 1))
				foundPlus = foundPlus || (g.gPlus == plus && (g.gMinus <= 1 || g.gMinus^minus <= 1))
			case tameable && g.phylum == Tameable:
				tameableMinusFound = tameableMinusFound || g.gMinus == minus
				tameablePlusFound = tameablePlusFound || g.gPlus == plus
			}
		}
		if !foundMinus || !foundPlus {
			reversible = false
			tameable = tameable && tameableMinusFound && tameablePlusFound
		}
	}
	if reversible && (mex(tamePlus) != plus || mex(tameMinus) != minus) {
		reversible = false
	}
	if tameable {
		allPlus := append(tamePlus, tameablePlus...)
		allMinus := append(tameMinus, tameableMinus...)
		if (mex(allPlus) != plus || mex(allMinus) != minus) && (len(allPlus) > 0 || plus > 0) {
			tameable = false
		}
	}
	switch {
	case reversible && tame:
		return GenerallyTame
	case reversible:
		return GenerallyRestive
	case tameable:
		return Tameable
	}
	return Wild
}
