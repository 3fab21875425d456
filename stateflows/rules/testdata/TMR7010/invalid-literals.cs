using Stateflows.Common;

// A catalog name in a comment, a string, a verbatim string and a raw
// string is not code: no finding. In an interpolation hole it is code.
public class Billing
{
    // .AddTransition<AfterOneMonth>("Closed") in a comment
    string a = ".AddTransition<AfterOneMonth>(\"Closed\")";
    string b = @".AddTransition<AfterOneMonth>(""Closed"")";
    string c = """
        .AddTransition<AfterOneMonth>("Closed")
        """;
    string d = $"{machine.AddTransition<AfterOneMonth>("Closed")}"; // want "TMR7010" "TMR7040"
}
