import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { oneDarkTheme } from '@codemirror/theme-one-dark';
import { HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import type { CodingLanguage } from '@candor/shared';
import { useEffect, useRef } from 'react';

/**
 * Dark highlighting with every colour at 4.5:1 or more against the editor's background and its
 * active line (One Dark's own purple and comment grey fall short of that).
 */
const darkHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword], color: '#e5a8f2' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: '#aab2c0',
    fontStyle: 'italic',
  },
  { tag: [tags.string, tags.special(tags.string)], color: '#b8e090' },
  { tag: [tags.number, tags.bool, tags.null], color: '#f2bc88' },
  { tag: [tags.function(tags.variableName), tags.definition(tags.variableName)], color: '#8fcbff' },
  { tag: [tags.propertyName, tags.typeName, tags.className], color: '#f0d58a' },
  { tag: [tags.variableName, tags.punctuation, tags.bracket, tags.operator], color: '#e3e7ee' },
]);
const darkTheme = [oneDarkTheme, syntaxHighlighting(darkHighlight)];

/**
 * The code editor of a coding question (CodeMirror 6): syntax highlighting and indentation for
 * JavaScript and Python, light and dark. Loaded only on a coding question (a lazy chunk). Tab
 * indents; Escape then Tab leaves the editor, so the keyboard is never trapped.
 */
export default function CodeEditor(props: {
  value: string;
  language: CodingLanguage;
  dark: boolean;
  label: string;
  onChange: (code: string) => void;
  /** Each keystroke: the live interview holds its silence rule while the candidate types. */
  onTyping?: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const theme = useRef(new Compartment());
  const label = useRef(new Compartment());
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          language.current.of(latest.current.language === 'python' ? python() : javascript()),
          theme.current.of(latest.current.dark ? darkTheme : []),
          label.current.of(EditorView.contentAttributes.of({ 'aria-label': latest.current.label })),
          EditorView.theme({
            '&': { fontSize: '14px', minHeight: '16rem' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
            '&.cm-focused': { outline: '2px solid var(--color-ring, #6366f1)' },
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            latest.current.onChange(update.state.doc.toString());
            latest.current.onTyping?.();
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A new language, theme or name reconfigures the editor in place: the code and the undo history stay.
  useEffect(() => {
    view.current?.dispatch({
      effects: [
        language.current.reconfigure(props.language === 'python' ? python() : javascript()),
        theme.current.reconfigure(props.dark ? darkTheme : []),
        label.current.reconfigure(EditorView.contentAttributes.of({ 'aria-label': props.label })),
      ],
    });
  }, [props.language, props.dark, props.label]);

  // Code replaced from outside (another language's starter code, a restored draft).
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === props.value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
  }, [props.value]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      className="overflow-hidden rounded-md border border-border text-left"
    />
  );
}
