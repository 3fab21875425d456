package benchgen

import (
	"fmt"
	"strings"
)

// Scheme returns a Workflow Engine scheme of the same size as Model(i),
// with three timers (an SLA, a reminder and a deadline) on a chain of
// activities with designer positions, like a real scheme.
func Scheme(i int) string {
	target := len(Model(i))
	var b strings.Builder
	fmt.Fprintf(&b, `<Process Name="Generated%[1]d">
  <Designer />
  <Timers>
    <Timer Name="SLA" Type="Interval" Value="4h" NotOverrideIfExists="false" />
    <Timer Name="Reminder" Type="Interval" Value="1d 2h" NotOverrideIfExists="true" />
    <Timer Name="Deadline" Type="Date" Value="12/31/2026" NotOverrideIfExists="false" />
  </Timers>
  <Commands>
    <Command Name="Approve" />
    <Command Name="Reject" />
  </Commands>
  <Activities>
`, i)
	var acts, trans strings.Builder
	n := 0
	body := func() int { return b.Len() + acts.Len() + trans.Len() + 200 }
	for ; n < 3 || body() < target; n++ {
		initial := "False"
		if n == 0 {
			initial = "True"
		}
		fmt.Fprintf(&acts, `    <Activity Name="Step%[1]d" State="Step%[1]d" IsInitial="%[2]s" IsFinal="False" IsForSetState="True" IsAutoSchemeUpdate="True">
      <Designer X="%[3]d" Y="%[4]d" Hidden="false" />
    </Activity>
`, n, initial, 100+n*40, 100+(n%5)*60)
		trigger, cond := `<Trigger Type="Command" NameRef="Approve" />`, `<Condition Type="Always" />`
		switch n {
		case 0:
			trigger = `<Trigger Type="Timer" NameRef="Deadline" />`
		case 1:
			trigger = `<Trigger Type="Timer" NameRef="SLA" />`
		case 2:
			trigger = `<Trigger Type="Timer" NameRef="Reminder" />`
		}
		fmt.Fprintf(&trans, `    <Transition Name="Step%[1]d_Next" To="Step%[2]d" From="Step%[1]d" Classifier="Direct" AllowConcatenationType="And" RestrictConcatenationType="And" ConditionsConcatenationType="And" IsFork="false" MergeViaSetState="false" DisableParentStateControl="false">
      <Triggers>
        %[3]s
      </Triggers>
      <Conditions>
        %[4]s
      </Conditions>
      <Designer Hidden="false" />
    </Transition>
`, n, n+1, trigger, cond)
	}
	fmt.Fprintf(&acts, `    <Activity Name="Step%[1]d" State="Step%[1]d" IsInitial="False" IsFinal="True" IsForSetState="True" IsAutoSchemeUpdate="True">
      <Designer X="%[2]d" Y="100" Hidden="false" />
    </Activity>
`, n, 100+n*40)
	return b.String() + acts.String() + "  </Activities>\n  <Transitions>\n" + trans.String() + "  </Transitions>\n</Process>\n"
}
