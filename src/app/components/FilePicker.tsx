import { useRef } from 'react';

interface FilePickerProps {
  /** What the file input accepts, as its `accept` attribute. */
  accept: string;
  /** The accessible name of the (hidden) file input. */
  label: string;
  onFile: (file: File) => void;
}

/** "Choose a file…": a real button in the page's style over a hidden file input; the same file may be chosen again. */
export function FilePicker({ accept, label, onFile }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Choose a file…
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </>
  );
}
