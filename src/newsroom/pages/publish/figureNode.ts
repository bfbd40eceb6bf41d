/**
 * A picture with its caption, as one block the editor moves as a whole: `<figure><img><figcaption>`. Only
 * pictures of our media store are taken in (a pasted picture from another site is dropped: it would be
 * hot-linked and is not ours to publish); the server's sanitiser keeps figure, img and figcaption.
 */
import { Node } from '@tiptap/core';

export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'inline*',
  marks: '',
  draggable: true,
  isolating: true,
  addAttributes() {
    return {
      src: { default: '', parseHTML: (el) => el.querySelector('img')?.getAttribute('src') ?? '' },
      alt: { default: '', parseHTML: (el) => el.querySelector('img')?.getAttribute('alt') ?? '' },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        contentElement: 'figcaption',
        getAttrs: (el) => (/^\/media\/[A-Za-z0-9/_.-]+$/.test(el.querySelector('img')?.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },
  addKeyboardShortcuts() {
    return {
      // Enter in a caption starts a paragraph after the picture (splitting would make a picture with no source).
      Enter: ({ editor }) => {
        if (!editor.isActive(this.name)) return false;
        const after = editor.state.selection.$from.after();
        return editor
          .chain()
          .insertContentAt(after, { type: 'paragraph' })
          .setTextSelection(after + 1)
          .run();
      },
    };
  },
  renderHTML({ node }) {
    return ['figure', ['img', { src: String(node.attrs.src), alt: String(node.attrs.alt) }], ['figcaption', 0]];
  },
});
