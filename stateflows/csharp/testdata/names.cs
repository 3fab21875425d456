// AfterOneDay in a line comment
/* AfterOneDay in a block comment, AddTransition<AfterOneDay>() */
/// <summary>AfterOneDay in a doc comment</summary>
#region AfterOneDay in a preprocessor line
using Stateflows.Common;

public class Names
{
    string a = "AfterOneDay in a string, \"AddTransition<AfterOneDay>()\"";
    string b = @"AfterOneDay in a verbatim string, ""quoted"" and
AddTransition<AfterOneDay>() on its second line";
    string c = """
        AfterOneDay in a raw string with "quotes" and ""two""
        AddTransition<AfterOneDay>()
        """;
    string d = """AfterOneDay single-line raw""";
    char e = '"';
    char f = '\'';
    string g = $"text AfterOneDay {{AfterOneDay}} {Pick<AfterOneDay>(1):N0} tail";
    string h = $@"verbatim ""AfterOneDay"" {Hole2}";
    string i = $$"""raw {AfterOneDay} {{Hole3}} {{{Hole4}}}""";
    string j = $"nested {$"inner {Hole5} AfterOneDay"} done";
    string k = $"{(x ? "AfterOneDay" : Hole6)}";
    int @class = 0x1F_u + 1.5e-3;
}
#endregion
