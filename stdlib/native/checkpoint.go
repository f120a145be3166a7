package native

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// A checkpoint holds a run's values and the state of its rare-value method
// and proof checks, so that a run read back goes on exactly as the one
// written would have: the same values, the same masks, the same checks.
// Its layout, all integers little-endian:
//
//	"GRUNDYCK"          8 bytes
//	version             uint32, 1
//	code                uint32 length, then the code's canonical form
//	heaps               uint64: the values g(0..heaps-1) follow
//	width               uint8: 1, 2 or 4 bytes a value
//	sparse, mask        uint8 (0 or 1), uint32
//	nextEval, nextCheck uint64 (the heaps at which the mask is chosen again
//	                    and a period looked for next)
//	values              heaps*width bytes
//	CRC-32 (IEEE)       uint32 of every byte before it
const checkpointMagic = "GRUNDYCK"

const checkpointVersion = 1

// checkpointHeader is the fixed part of a checkpoint after the code.
type checkpointHeader struct {
	Heaps     uint64
	Width     uint8
	Sparse    uint8
	Mask      uint32
	NextEval  uint64
	NextCheck uint64
}

// WriteCheckpoint writes the run to w (see the layout above).
func (r *Run) WriteCheckpoint(w io.Writer) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	st := r.e.stats()
	code := st.c.String()
	sparse := uint8(0)
	if st.sparse {
		sparse = 1
	}
	head := checkpointHeader{Heaps: uint64(r.Len()), Width: uint8(r.Width()), Sparse: sparse, Mask: st.mask,
		NextEval: uint64(st.nextEval), NextCheck: uint64(st.nextCheck)}
	bw.WriteString(checkpointMagic)
	binary.Write(bw, binary.LittleEndian, uint32(checkpointVersion))
	binary.Write(bw, binary.LittleEndian, uint32(len(code)))
	bw.WriteString(code)
	binary.Write(bw, binary.LittleEndian, head)
	if err := r.e.writeValues(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, crc.Sum32())
}

// ReadCheckpoint reads a run of code c written by WriteCheckpoint. It
// refuses, with an error that says why, a checkpoint that is damaged (its
// checksum, its layout) or that is of another code.
func ReadCheckpoint(rd io.Reader, c Code) (*Run, error) {
	crc := crc32.NewIEEE()
	br := bufio.NewReaderSize(rd, 1<<20)
	in := io.TeeReader(br, crc)
	bad := func(what string) error { return fmt.Errorf("not a grundy checkpoint, or a damaged one: %s", what) }
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(in, magic); err != nil || string(magic) != checkpointMagic {
		return nil, bad("it does not start with " + checkpointMagic)
	}
	var version, n uint32
	if err := binary.Read(in, binary.LittleEndian, &version); err != nil {
		return nil, bad("it ends in its header")
	}
	if version != checkpointVersion {
		return nil, fmt.Errorf("a checkpoint of version %d, which this grundy does not read (it reads version %d)", version, checkpointVersion)
	}
	if err := binary.Read(in, binary.LittleEndian, &n); err != nil || n > 4096 {
		return nil, bad("its code does not fit its header")
	}
	code := make([]byte, n)
	if _, err := io.ReadFull(in, code); err != nil {
		return nil, bad("it ends in its header")
	}
	var head checkpointHeader
	if err := binary.Read(in, binary.LittleEndian, &head); err != nil {
		return nil, bad("it ends in its header")
	}
	if string(code) != c.String() {
		return nil, fmt.Errorf("the checkpoint is of the code %q, not %q", code, c.String())
	}
	if head.Heaps == 0 || head.Heaps > MaxHeap+1 {
		return nil, bad(fmt.Sprintf("it says it holds %d values", head.Heaps))
	}
	r := NewRun(c)
	var err error
	switch head.Width {
	case 1:
		err = readValues[uint8](r, in, int(head.Heaps))
	case 2:
		err = readValues[uint16](r, in, int(head.Heaps))
	case 4:
		err = readValues[int32](r, in, int(head.Heaps))
	default:
		return nil, bad(fmt.Sprintf("values of %d bytes", head.Width))
	}
	if err != nil {
		return nil, err
	}
	sum := crc.Sum32()
	var stored uint32
	if err := binary.Read(br, binary.LittleEndian, &stored); err != nil {
		return nil, bad("it ends before its checksum")
	}
	if stored != sum {
		return nil, bad(fmt.Sprintf("its checksum is %08x but its bytes sum to %08x", stored, sum))
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, bad("there are bytes after its checksum")
	}
	if err := r.e.restore(head.Sparse == 1, head.Mask, int(head.NextEval), int(head.NextCheck)); err != nil {
		return nil, bad(err.Error())
	}
	return r, nil
}

// readValues reads heaps values of type T into r's engine.
func readValues[T value](r *Run, in io.Reader, heaps int) error {
	g := make([]T, heaps)
	if err := binary.Read(in, binary.LittleEndian, g); err != nil {
		return fmt.Errorf("not a grundy checkpoint, or a damaged one: it ends in its values")
	}
	if g[0] != 0 {
		return fmt.Errorf("not a grundy checkpoint, or a damaged one: g(0) is %d", g[0])
	}
	r.e = &engine[T]{state: r.e.stats(), g: g}
	return nil
}

// writeValues writes the values little-endian.
func (e *engine[T]) writeValues(w io.Writer) error {
	const chunk = 1 << 16
	for i := 0; i < len(e.g); i += chunk {
		if err := binary.Write(w, binary.LittleEndian, e.g[i:min(i+chunk, len(e.g))]); err != nil {
			return err
		}
	}
	return nil
}

// restore rebuilds what the engine derives from its values (largest value,
// value range, rare heaps) and sets the method's schedule as it was.
func (e *engine[T]) restore(sparse bool, mask uint32, nextEval, nextCheck int) error {
	for h, v := range e.g {
		if v < 0 {
			return errors.New("a negative value")
		}
		if int32(v) > e.maxV {
			e.maxV, e.maxAt = int32(v), h
		}
	}
	for e.vcap <= e.maxV {
		e.vcap *= 2
	}
	e.resize()
	e.nextCheck = max(nextCheck, 32)
	if e.sparseFrom > 0 {
		e.nextEval = nextEval
	}
	if sparse && e.sparseOK && mask != 0 {
		e.sparse, e.mask = true, mask
		e.setClasses()
		e.findRare()
	}
	return nil
}
