// TextField (components/ui/text-field.tsx): the outlined text field of our own, rendered to HTML
// with the app's theme, as a screen reader and the browser meet it before any script runs.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/layout/theme";
import { TextField, type TextFieldProps } from "@/components/ui/text-field";

const render = (props: Partial<TextFieldProps> = {}) =>
  renderToStaticMarkup(h(ThemeProvider, { theme }, h(TextField, { id: "email", label: "Email", value: "", onChange: () => {}, ...props })));
/** the markup without emotion's <style> elements */
const markup = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, "");
const styles = (html: string) => [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("\n");

describe("TextField", () => {
  it("is a real <input> named by a <label for>, with its value, name, type and autocomplete", () => {
    const html = markup(render({ name: "username", type: "email", autoComplete: "email", value: "a@b.fr" }));
    expect(html).toMatch(/<label[^>]* for="email"[^>]*>Email<\/label>/);
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    for (const attr of ['id="email"', 'name="username"', 'type="email"', 'value="a@b.fr"', 'autoComplete="email"']) expect(input).toContain(` ${attr}`);
    // no MUI input stack
    expect(html).not.toMatch(/MuiInputBase|MuiOutlinedInput|MuiFormControl|MuiInputLabel/);
  });

  it("announces its helper text and its error on the input", () => {
    const html = markup(render({ error: true, helperText: "Enter an e-mail address" }));
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="email-helper-text"/);
    expect(html).toMatch(/<p[^>]* id="email-helper-text"[^>]*>Enter an e-mail address<\/p>/);
    expect(markup(render())).not.toMatch(/aria-invalid|aria-describedby/);
  });

  it("marks required with a star the accessible name leaves out, and the input as required", () => {
    const html = markup(render({ required: true }));
    expect(html).toMatch(/<label[^>]*>Email<span aria-hidden="true">\u2009\*<\/span><\/label>/);
    expect(html).toMatch(/<input[^>]* required=""/);
    // the border's notch is as wide as the label with its star
    expect(html).toMatch(/<fieldset aria-hidden="true"[^>]*><legend[^>]*><span[^>]*>Email\u2009\*<\/span><\/legend><\/fieldset>/);
  });

  it("disables or makes read-only the input itself, and passes the input's own attributes", () => {
    expect(markup(render({ disabled: true }))).toMatch(/<input[^>]* disabled=""/);
    expect(markup(render({ slotProps: { input: { readOnly: true } } }))).toMatch(/<input[^>]* readOnly=""/);
    const input = /<input[^>]*>/.exec(markup(render({ type: "number", slotProps: { htmlInput: { min: 0, max: 36, step: 0.5, inputMode: "decimal", "data-invalid": "" } } })))?.[0] ?? "";
    for (const attr of ['min="0"', 'max="36"', 'step="0.5"', 'inputMode="decimal"', 'data-invalid=""', 'type="number"']) expect(input).toContain(` ${attr}`);
  });

  it("keeps its own placeholder, and gives an empty one a space so that CSS can tell it is empty", () => {
    expect(markup(render({ placeholder: "e.g. Home" }))).toMatch(/<input[^>]* placeholder="e.g. Home"/);
    expect(markup(render())).toMatch(/<input[^>]* placeholder=" "/);
  });

  it("rests the label in the field while it is empty and without the focus, as CSS decides from the input", () => {
    const css = styles(render());
    // resting: the label in the field, no notch in the border, the placeholder hidden
    expect(css).toMatch(/:not\(:focus-within\):has\(input:placeholder-shown:not\(:-webkit-autofill\)\)>label\{[^}]*transform:translate\(14px, 16px\) scale\(1\)/);
    expect(css).toMatch(/:not\(:focus-within\):has\(input:placeholder-shown:not\(:-webkit-autofill\)\) legend\{max-width:0.01px/);
    expect(css).toMatch(/:not\(:focus-within\):has\(input:placeholder-shown:not\(:-webkit-autofill\)\) input::placeholder\{opacity:0;\}/);
    // a small field rests higher, as MUI's does
    expect(styles(render({ size: "small" }))).toMatch(/>label\{[^}]*transform:translate\(14px, 9px\) scale\(1\)/);
    // otherwise (focus, a value, the browser's autofill) it sits on the border, shrunk
    expect(css).toMatch(/transform:translate\(14px, -9px\) scale\(0.75\)/);
  });

  it("has no notch and no moving label without a label", () => {
    const html = render({ label: undefined });
    expect(markup(html)).not.toMatch(/<label/);
    expect(styles(html)).toMatch(/>div>fieldset>legend\{max-width:0.01px;\}/);
    expect(styles(html)).not.toMatch(/:has\(/);
  });

  it("draws focus, error and the end adornment's room from the theme's CSS variables", () => {
    expect(styles(render({ error: true }))).toMatch(/input:focus~fieldset\{border-color:var\(--mui-palette-error-main\);border-width:2px;\}/);
    expect(styles(render())).toMatch(/input:focus~fieldset\{border-color:var\(--mui-palette-primary-main\);border-width:2px;\}/);
    const adorned = render({ slotProps: { input: { endAdornment: h("button", { type: "button" }, "show") } } });
    expect(markup(adorned)).toMatch(/<input[^>]*style="padding-right:0"[^>]*\/><button type="button">show<\/button><fieldset/);
  });
});
