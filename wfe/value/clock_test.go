package value

import "testing"

// TestCultures checks the table LookupCulture reads: sorted by name with
// no name twice (CultureNames lists it as it is), each known by its name,
// and DefaultCulture the table's en-US.
func TestCultures(t *testing.T) {
	names := CultureNames()
	for i, n := range names {
		if i > 0 && names[i-1] >= n {
			t.Errorf("cultures are not sorted and unique at %q, %q", names[i-1], n)
		}
		c, ok := LookupCulture(n)
		if !ok || c.Name != n || len(c.Order) != 3 || c.Sep == 0 {
			t.Errorf("LookupCulture(%q) = %+v, %v", n, c, ok)
		}
	}
	if c, ok := LookupCulture("invariant"); !ok || c != DefaultCulture {
		t.Errorf("DefaultCulture = %+v, the table's invariant %+v", DefaultCulture, c)
	}
	if _, ok := LookupCulture("xx-XX"); ok {
		t.Error("LookupCulture found xx-XX")
	}
}
