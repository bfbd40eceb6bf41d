/**
 * The story's body on TipTap (ADR 025): 小标题, bold, italic, lists, quotes, links, pictures with captions.
 * Pasted HTML is cleaned first (cleanPaste.ts) and then held to the schema. ProseMirror handles the
 * composition events of Chinese input methods; nothing here replaces the content while someone types —
 * the page only reads it (onChange) and saves.
 */
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { FileButton } from '../../ui.tsx';
import { cleanPaste } from './cleanPaste.ts';
import { Figure } from './figureNode.ts';
import { uploadPicture } from './pictureUpload.ts';

export interface RichEditorProps {
  initialHtml: string;
  editable: boolean;
  onChange: (html: string, json: JSONContent) => void;
  /** The document as first loaded (for the preview; not a change). */
  onLoad: (json: JSONContent) => void;
  onError: (message: string) => void;
}

export function RichEditor({ initialHtml, editable, onChange, onLoad, onError }: RichEditorProps) {
  const editor = useEditor({
    // The console's CSP allows no inline <style>: the few ProseMirror rules are in console.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: [], defaultProtocol: 'https', HTMLAttributes: { rel: null, target: null } },
      }),
      Figure,
    ],
    content: initialHtml,
    editorProps: {
      transformPastedHTML: cleanPaste,
      attributes: { class: 'nr-editor__body', 'aria-label': '正文', 'aria-multiline': 'true', role: 'textbox' },
    },
    editable,
    onCreate: ({ editor: e }) => onLoad(e.getJSON()),
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.getJSON()),
    immediatelyRender: true,
  });
  useEffect(() => {
    editor.setEditable(editable);
  }, [editor, editable]);
  return (
    <div className="nr-editor">
      <Toolbar editor={editor} onError={onError} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, onError }: { editor: Editor; onError: (message: string) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const [busy, setBusy] = useState(false);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');

  const button = (label: string, active: boolean, run: () => void, text: string) => (
    <button type="button" className="nr-tool" aria-pressed={active} aria-label={label} title={label} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {text}
    </button>
  );

  const addPicture = async (picked: File) => {
    setBusy(true);
    try {
      const stored = await uploadPicture(picked);
      editor
        .chain()
        .focus()
        .insertContent({ type: 'figure', attrs: { src: stored.url, alt: '' }, content: [{ type: 'text', text: '图片说明' }] })
        .run();
    } catch (err) {
      onError(err instanceof Error ? err.message : '图片上传失败');
    } finally {
      setBusy(false);
    }
  };

  const applyLink = () => {
    const value = href.trim();
    if (value === '') editor.chain().focus().unsetLink().run();
    else if (!/^https?:\/\//i.test(value)) {
      onError('链接须以 http:// 或 https:// 开头');
      return;
    } else editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    setLinking(false);
    setHref('');
  };

  return (
    <div className="nr-toolbar" role="toolbar" aria-label="正文格式">
      {button('小标题', state.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run(), '小标题')}
      {button('加粗', state.bold, () => editor.chain().focus().toggleBold().run(), '粗')}
      {button('斜体', state.italic, () => editor.chain().focus().toggleItalic().run(), '斜')}
      {button('无序列表', state.bullet, () => editor.chain().focus().toggleBulletList().run(), '无序列表')}
      {button('有序列表', state.ordered, () => editor.chain().focus().toggleOrderedList().run(), '有序列表')}
      {button('引用', state.quote, () => editor.chain().focus().toggleBlockquote().run(), '“引用”')}
      {button('链接', state.link, () => setLinking((v) => !v), '链接')}
      <FileButton label="选择要插入的图片" accept={UPLOAD_ACCEPT} className="nr-tool" disabled={busy} onFiles={([picked]) => void addPicture(picked!)}>
        {busy ? '上传中…' : '插入图片'}
      </FileButton>
      {button('撤销', false, () => editor.chain().focus().undo().run(), '撤销')}
      {button('重做', false, () => editor.chain().focus().redo().run(), '重做')}
      {linking && (
        <span className="nr-toolbar__link">
          <label className="nr-field nr-field--inline">
            <span>链接地址</span>
            <input type="url" value={href} placeholder="https://" onChange={(e) => setHref(e.target.value)} />
          </label>
          <button type="button" className="nr-button" onClick={applyLink}>
            确定
          </button>
        </span>
      )}
    </div>
  );
}
