/** The prelude's Buffer, TextEncoder and TextDecoder, and host errors turned into Node's (with a code). */
export const PRELUDE_BUFFER = String.raw`
  // ---------- Buffer, TextEncoder, TextDecoder ----------
  function BufferClass() {}
  BufferClass = (function () {
    class Buffer extends Uint8Array {
      toString(encoding) {
        if (encoding === 'hex') return Array.prototype.map.call(this, function (byte) { return byte.toString(16).padStart(2, '0'); }).join('');
        if (encoding === 'base64') return host.base64Encode(toArrayBuffer(this));
        if (encoding === 'latin1' || encoding === 'binary') return Array.prototype.map.call(this, function (byte) { return String.fromCharCode(byte); }).join('');
        return host.utf8Decode(toArrayBuffer(this));
      }
      toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
      equals(other) { if (other.length !== this.length) return false; for (var index = 0; index < this.length; index++) if (other[index] !== this[index]) return false; return true; }
      static from(value, encoding) {
        if (typeof value === 'string') {
          if (encoding === 'hex') { var hex = new Buffer(value.length >> 1); for (var index = 0; index < hex.length; index++) hex[index] = parseInt(value.substr(index * 2, 2), 16); return hex; }
          if (encoding === 'base64') return Buffer.fromArrayBuffer(host.base64Decode(value));
          return Buffer.fromArrayBuffer(host.utf8Encode(value));
        }
        if (value instanceof ArrayBuffer) return Buffer.fromArrayBuffer(value);
        var copy = new Buffer(value.length);
        for (var position = 0; position < value.length; position++) copy[position] = value[position];
        return copy;
      }
      static fromArrayBuffer(arrayBuffer) { var view = new Uint8Array(arrayBuffer); var buffer = new Buffer(view.length); buffer.set(view); return buffer; }
      static alloc(size, fill) { var buffer = new Buffer(size); if (fill !== undefined) buffer.fill(typeof fill === 'number' ? fill : 0); return buffer; }
      static isBuffer(value) { return value instanceof Buffer; }
      static byteLength(value) { return typeof value === 'string' ? new Uint8Array(host.utf8Encode(value)).length : value.length; }
      static concat(list) { var total = 0; list.forEach(function (item) { total += item.length; }); var result = new Buffer(total); var offset = 0; list.forEach(function (item) { result.set(item, offset); offset += item.length; }); return result; }
    }
    return Buffer;
  })();
  function toArrayBuffer(view) {
    return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength);
  }
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(text) { return new Uint8Array(host.utf8Encode(String(text === undefined ? '' : text))); }
  }
  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(view) { if (view === undefined) return ''; return host.utf8Decode(view instanceof ArrayBuffer ? view : toArrayBuffer(view)); }
  }

  // ---------- errors from the host ----------
  function callHost(operation) {
    try {
      return operation();
    } catch (error) {
      var match = /^([A-Z]+): /.exec(error && error.message || '');
      var rethrown = new Error(error && error.message);
      if (match) rethrown.code = match[1];
      throw rethrown;
    }
  }

`;
