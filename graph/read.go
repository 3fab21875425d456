package graph

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// read streams one document through the strict scanner, and adds the
// triples it records to the builder. On error the caller drops the
// document's triples.
//
// With one worker, or a document of one chunk, the scanner runs on this
// goroutine. Otherwise one goroutine scans chunks of whole statements
// in order while this one adds each scanned chunk to the graph; the
// result, the first error included, is the same either way.
func (b *builder) read(d *docState, c *chunker) *Error {
	if b.workers <= 1 || len(c.sc.lx.s) <= c.size {
		ch := &chunk{}
		for !c.eof {
			c.next(ch)
			if e := b.addRecs(d, c, ch); e != nil {
				return e
			}
		}
		return nil
	}
	// Three chunks are in flight: one being scanned, one waiting, one
	// being added. They are recycled, so that a document of any size is
	// read in the memory of a few of them.
	const inflight = 3
	free := make(chan *chunk, inflight)
	for range inflight {
		free <- &chunk{}
	}
	scanned := make(chan *chunk, inflight)
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(scanned)
		for !c.eof && !stop.Load() {
			ch := <-free
			c.next(ch)
			scanned <- ch
		}
	})
	var first *Error
	for ch := range scanned {
		if first == nil {
			if first = b.addRecs(d, c, ch); first != nil {
				stop.Store(true)
			}
		}
		free <- ch
	}
	wg.Wait()
	return first
}

// addRecs adds a scanned chunk's triples to the graph, and returns the
// error that ends the document there, if any.
func (b *builder) addRecs(d *docState, c *chunker, ch *chunk) (errOut *Error) {
	view := &strView{text: c.sc.lx.s, strs: ch.strs}
	i := 0
	defer func() {
		// A bug of this package must not crash the caller.
		if r := recover(); r != nil {
			errOut = c.errorAt(int(ch.recs[i].p.off), fmt.Sprintf("internal error while reading the document: %v", r))
		}
	}()
	for ; i < len(ch.recs); i++ {
		r := &ch.recs[i]
		s := b.termOf(d, 0, &r.s, view)
		p := b.termOf(d, 1, &r.p, view)
		o := b.termOf(d, 2, &r.o, view)
		b.g.triples.add(s, p, o, place{
			soff: r.s.off, voff: r.p.off, ooff: r.o.off,
			slen: tokenLen(&r.s), vlen: tokenLen(&r.p), olen: tokenLen(&r.o),
		})
	}
	return ch.scanErr
}

// termOf interns a term as the scanner recorded it: the same term that
// the RDF reader, given the canonical text, decodes (Options.CrossCheck
// holds them equal).
func (b *builder) termOf(d *docState, slot int, x *xterm, v *strView) uint32 {
	switch x.kind {
	case KindIRI:
		if x.rel {
			ref, base := v.get(x.a), v.get(x.c)
			l := &b.lastRel[slot]
			if ref != l.ref || base != l.base || l.id == 0 {
				b.scratch = b.res.appendResolved(b.scratch[:0], base, ref)
				l.ref, l.base, l.id = ref, base, b.iriBytes(b.scratch)
			}
			return l.id
		}
		// The same IRI as the last one in this position: a statement's
		// subject and predicates repeat from one triple to the next.
		ns, local := v.get(x.a), v.get(x.b)
		l := &b.lastSplit[slot]
		if ns != l.ns || local != l.local || l.id == 0 {
			l.ns, l.local, l.id = ns, local, b.iri2(ns, local)
		}
		return l.id
	case KindLiteral:
		lang, dtNS, dtLocal := v.get(x.b), v.get(x.c), v.get(x.d)
		l := &b.lastLit
		if lang != l.lang || dtNS != l.ns || dtLocal != l.local || l.attr.dt == 0 {
			l.lang, l.ns, l.local = lang, dtNS, dtLocal
			l.attr = litAttr{dt: b.iri2(dtNS, dtLocal), lang: b.g.terms.lang(lang)}
		}
		return b.g.terms.intern(KindLiteral, v.get(x.a), l.attr)
	}
	return b.blank(d, x, v)
}

// iri2 interns the IRI ns+local, without building the string unless it
// is new.
func (b *builder) iri2(ns, local string) uint32 {
	if local == "" {
		return b.iri(ns)
	}
	if ns == "" {
		return b.iri(local)
	}
	b.scratch = append(append(b.scratch[:0], ns...), local...)
	return b.iriBytes(b.scratch)
}
