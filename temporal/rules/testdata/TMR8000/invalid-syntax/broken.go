package broken

func Order() error {
	return nil +
} // want "TMR8000"
