package lint

// MaxNextCount is the most due times `next -n` prints per timer: each is
// computed and held before it is printed, so the count bounds the memory
// of the command (10,000 lines of 40 bytes is well under a megabyte).
const MaxNextCount = 10_000
