// xq65 page: the AudioWorklet that plays jsnes' samples. main.js posts each frame's
// samples ({l, r}: Float32Arrays); they wait in a ring buffer until the audio thread
// asks; when it runs dry it plays silence, when it is full the newest samples are dropped.
class NesOutput extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = 16384;
    this.l = new Float32Array(this.size);
    this.r = new Float32Array(this.size);
    this.w = 0;
    this.rd = 0;
    this.port.onmessage = (e) => {
      const { l, r } = e.data;
      for (let i = 0; i < l.length; i++) {
        const next = (this.w + 1) % this.size;
        if (next === this.rd) break;
        this.l[this.w] = l[i];
        this.r[this.w] = r[i];
        this.w = next;
      }
    };
  }

  process(inputs, outputs) {
    const out = outputs[0];
    const L = out[0], R = out[1] || out[0];
    for (let i = 0; i < L.length; i++) {
      if (this.rd !== this.w) {
        L[i] = this.l[this.rd];
        R[i] = this.r[this.rd];
        this.rd = (this.rd + 1) % this.size;
      } else {
        L[i] = 0;
        R[i] = 0;
      }
    }
    return true;
  }
}

registerProcessor("nes-output", NesOutput);
