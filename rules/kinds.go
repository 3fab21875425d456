package rules

// The kinds of file the core's examples are written in, as their readers
// know them.
const (
	kindBPMN       = "BPMN XML"
	kindTurtle     = "Turtle, the BPMN engine's index graph"
	kindNTriples   = "N-Triples, the BPMN engine's index graph"
	kindWFEXML     = "Workflow Engine scheme XML"
	kindWFESQL     = "Workflow Engine SQL seed"
	kindCSharp     = "C#, Stateflows"
	kindGo         = "Go, Cadence/Temporal workflow code"
	kindCommand    = "The command line"
	kindHistoryDoc = "A Cadence/Temporal history (JSON) holds no comments, so none of its findings is suppressed by one: set a rule's level in the config (`rules:`) instead."
)
