import { useState, type DragEvent } from 'react';

export interface FileDropHandlers {
  /** A file was dropped (the first, when several were). */
  onFile: (file: File) => void;
  /** Text was dropped, not a file; without it, dropped text is left to the element under the pointer. */
  onText?: (text: string) => void;
}

/**
 * A drop zone beside the FilePicker: whether something is dragged over it, and the handlers to spread on it.
 * The Import and Check calls pages take their file the same way, picked or dropped.
 */
export function useFileDrop({ onFile, onText }: FileDropHandlers) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
      else if (onText) {
        const dropped = event.dataTransfer.getData('text/plain');
        if (dropped) onText(dropped);
      }
    },
  };
  return { dragging, dropProps };
}
