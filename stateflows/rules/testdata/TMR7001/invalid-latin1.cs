// Latin-1, not UTF-8: Zeitüberschreitung // want "TMR7001" `not UTF-8 C# text`
public class Timeout : AfterOneHour { }
