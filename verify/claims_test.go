package verify

import (
	"strings"
	"testing"
)

func moves(ss []Step) string {
	var b strings.Builder
	for _, s := range ss {
		b.WriteString("t=" + FormatAt(s.At) + " " + s.Move + "\n")
	}
	return b.String()
}

// TestClaimExactlyOnce: the claims search over the deployments that make
// each property hold and fail.
func TestClaimExactlyOnce(t *testing.T) {
	all := Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 1000, Crashes: true, Stalls: true}
	mail := []string{"serviceTask Mail"}
	cases := []struct {
		name    string
		d       Deployment
		c       Claim
		twice   string // a move the interleaving that runs it twice holds; "" none
		skipped bool
	}{
		{"catch, effects, stall past the lease", Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 1000, Stalls: true}, Claim{Timer: "R", Catch: true, Effects: mail}, "stalls", false},
		{"catch, effects, one replica stalls past its own lease", Deployment{Replicas: 1, LeaseMs: 30000, PollMs: 1000, Stalls: true}, Claim{Timer: "R", Catch: true, Effects: mail}, "stalls", false},
		{"catch, effects, stalls shorter than the lease", Deployment{Replicas: 3, LeaseMs: 30000, PollMs: 1000, Stalls: true, MaxStallMs: 29000}, Claim{Timer: "R", Catch: true, Effects: mail}, "", false},
		{"catch, effects, stalls as long as the lease", Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 1000, Stalls: true, MaxStallMs: 30000}, Claim{Timer: "R", Catch: true, Effects: mail}, "stalls", false},
		{"catch, effects, crash before commit", Deployment{Replicas: 1, LeaseMs: 30000, PollMs: 1000, Crashes: true}, Claim{Timer: "R", Catch: true, Effects: mail}, "crashes before its commit", false},
		{"catch, no effects, every fault", all, Claim{Timer: "R", Catch: true}, "", false},
		{"catch, effects, no fault", Deployment{Replicas: 3, LeaseMs: 30000, PollMs: 1000}, Claim{Timer: "R", Catch: true, Effects: mail}, "", false},
		{"start, effects, crash before commit", all, Claim{Timer: "S", Effects: mail}, "crashes before its commit", false},
		{"start, effects, stalls only", Deployment{Replicas: 3, LeaseMs: 30000, PollMs: 1000, Stalls: true}, Claim{Timer: "S", Effects: mail}, "", false},
		{"start cycle shorter than the poll", Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 60000}, Claim{Timer: "S", PeriodMs: 30000}, "", true},
		{"start cycle as long as the poll", Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 60000, Crashes: true}, Claim{Timer: "S", PeriodMs: 60000}, "", false},
	}
	for _, tc := range cases {
		r := CheckClaim(tc.d, tc.c, 100000)
		if r.Bounded {
			t.Errorf("%s: bounded at %d states", tc.name, r.States)
		}
		if r.TwiceCommits {
			t.Errorf("%s: commits twice:\n%s", tc.name, moves(r.Twice))
		}
		switch {
		case tc.twice == "" && r.Twice != nil:
			t.Errorf("%s: runs twice, want once:\n%s", tc.name, moves(r.Twice))
		case tc.twice != "" && r.Twice == nil:
			t.Errorf("%s: want an interleaving that runs it twice", tc.name)
		case tc.twice != "" && !strings.Contains(moves(r.Twice), tc.twice):
			t.Errorf("%s: interleaving lacks %q:\n%s", tc.name, tc.twice, moves(r.Twice))
		}
		if (r.Skipped != nil) != tc.skipped {
			t.Errorf("%s: skipped = %v, want %v:\n%s", tc.name, r.Skipped != nil, tc.skipped, moves(r.Skipped))
		}
		if r.Starved != nil {
			t.Errorf("%s: starves:\n%s", tc.name, moves(r.Starved))
		}
	}
}

// TestClaimTrace: the stall past the lease reads as the ADR's runtime
// does it: a lease taken, the effects, the stall, the expiry, the other
// replica's claim and its run.
func TestClaimTrace(t *testing.T) {
	r := CheckClaim(Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 1000, Stalls: true}, Claim{Timer: "Remind", Catch: true, Effects: []string{"serviceTask Mail"}}, 0)
	want := `t=0s timer Remind is due at a tick
t=0s replica 1 runs its loop: takes the lease of Remind until 30s later
t=0s replica 1 runs the instance: serviceTask Mail acts outside the store (run 1 of the effects of timer Remind)
t=0s replica 1 stalls for any time, holding the lease of Remind
t=30s wait 30s
t=30s replica 2 runs its loop: takes the lease of Remind until 30s later
t=30s replica 2 runs the instance: serviceTask Mail acts outside the store (run 2 of the effects of timer Remind)
`
	if got := moves(r.Twice); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
