import "@mantine/tiptap/styles.css";
import { Input } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId } from "react";
import { t } from "../lib/i18n";

/** The toolbar's wording from en.json (the controls this editor shows, and the link editor). */
function editorLabels(): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t("editor.bold"),
    italicControlLabel: t("editor.italic"),
    underlineControlLabel: t("editor.underline"),
    strikeControlLabel: t("editor.strike"),
    clearFormattingControlLabel: t("editor.clearFormatting"),
    h2ControlLabel: t("editor.h2"),
    h3ControlLabel: t("editor.h3"),
    bulletListControlLabel: t("editor.bulletList"),
    orderedListControlLabel: t("editor.orderedList"),
    blockquoteControlLabel: t("editor.blockquote"),
    linkControlLabel: t("editor.link"),
    unlinkControlLabel: t("editor.unlink"),
    undoControlLabel: t("editor.undo"),
    redoControlLabel: t("editor.redo"),
    linkEditorInputLabel: t("editor.linkUrl"),
    linkEditorInputPlaceholder: t("editor.linkPlaceholder"),
    linkEditorExternalLink: t("editor.linkExternal"),
    linkEditorInternalLink: t("editor.linkInternal"),
    linkEditorSave: t("common.save"),
  };
}

type RichTextBodyProps = {
  label: string;
  /** The starting HTML; later changes come from the editor itself. */
  initialValue: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  error?: string;
};

/**
 * An e-mail's HTML body: tiptap in Mantine's toolbar. Import it lazily (React.lazy) so it stays a chunk of
 * its own, loaded with the screens that edit a body (the Send page, the Mailgun tab's gift-card e-mail).
 * The server sanitises whatever HTML this produces before it is stored or sent.
 */
export function RichTextBody({ label, initialValue, onChange, disabled = false, error }: RichTextBodyProps) {
  const labelId = useId();
  const editor = useEditor({
    // StarterKit's own link is replaced by Mantine's, which adds the Mod+K link editor.
    extensions: [StarterKit.configure({ link: false }), Link],
    content: initialValue,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        style: "min-height: 180px",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor} labels={editorLabels()} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
