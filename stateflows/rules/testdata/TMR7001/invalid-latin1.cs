// Latin-1, not UTF-8: Zeitüberschreitung // want "TMR7001"
public class Timeout : AfterOneHour { }
