// UTF-8: Zeitüberschreitung
public class Zeitüberschreitung : AfterOneHour { }
