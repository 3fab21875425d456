package fileiri

import (
	"net/url"
	"testing"
)

func TestFromPath(t *testing.T) {
	cases := map[string]string{
		"/models/a.bpmn":          "file:///models/a.bpmn",
		"/models/my model.bpmn":   "file:///models/my%20model.bpmn",
		"/models/a#1.bpmn":        "file:///models/a%231.bpmn",
		"/models/50%.bpmn":        "file:///models/50%25.bpmn",
		"/models/modèle.bpmn":     "file:///models/mod%C3%A8le.bpmn",
		"/models/(draft)!.bpmn":   "file:///models/(draft)!.bpmn",
		"/models/../models/x.ttl": "file:///models/x.ttl",
	}
	for path, want := range cases {
		got := FromPath(path)
		if got != want {
			t.Errorf("FromPath(%q) = %q, want %q", path, got, want)
		}
		// A relative reference resolved against a sibling gives the same
		// string, which is what the join relies on.
		base, err := url.Parse("file:///models/index.ttl")
		if err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("%s does not parse: %v", got, err)
		}
		if r := base.ResolveReference(u).String(); r != got {
			t.Errorf("resolving %s gives %s", got, r)
		}
	}
}
