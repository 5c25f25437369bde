// NativeSelectField (components/ui/native-select-field.tsx): the outlined select of our own, rendered
// to HTML with the app's theme, as a screen reader and the browser would meet it.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { theme } from "@/components/layout/theme";
import { EnumSelect } from "@/components/ui/enum-select";
import { DateField } from "@/components/ui/date-field";
import { NativeSelectField, type NativeSelectFieldProps } from "@/components/ui/native-select-field";

const render = (el: React.ReactElement) => renderToStaticMarkup(h(ThemeProvider, { theme }, el));
const field = (props: Partial<NativeSelectFieldProps> = {}) =>
  render(h(NativeSelectField, { id: "meter", label: "Meter", value: "b", onChange: () => {}, children: [h("option", { key: "a", value: "a" }, "A"), h("option", { key: "b", value: "b" }, "B")], ...props }));
/** the markup without emotion's <style> elements */
const markup = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, "");
const styles = (html: string) => [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("\n");

describe("NativeSelectField", () => {
  it("is a real <select> named by a <label for>, its value chosen", () => {
    const html = markup(field());
    expect(html).toMatch(/<label[^>]* for="meter"[^>]*>Meter<\/label>/);
    expect(html).toMatch(/<select[^>]* id="meter"/);
    expect(html).toMatch(/<option value="b" selected="">B<\/option>/);
    // no MUI input stack
    expect(html).not.toMatch(/MuiInputBase|MuiOutlinedInput|MuiFormControl/);
  });

  it("announces its helper text and its error on the select", () => {
    const html = markup(field({ error: true, helperText: "Choose a meter" }));
    expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="meter-helper-text"/);
    expect(html).toMatch(/<p[^>]* id="meter-helper-text"[^>]*>Choose a meter<\/p>/);
    expect(markup(field())).not.toMatch(/aria-invalid|aria-describedby/);
  });

  it("marks required with a star the accessible name leaves out, and the select as required", () => {
    const html = markup(field({ required: true }));
    expect(html).toMatch(/<label[^>]*>Meter<span aria-hidden="true">\u2009\*<\/span><\/label>/);
    expect(html).toMatch(/<select[^>]* required=""/);
  });

  it("disables the select itself", () => {
    expect(markup(field({ disabled: true }))).toMatch(/<select[^>]* disabled=""/);
  });

  it("keeps the border's notch as wide as the label (no shift when focused)", () => {
    expect(markup(field({ required: true }))).toMatch(/<fieldset aria-hidden="true"[^>]*><legend[^>]*><span[^>]*>Meter\u2009\*<\/span><\/legend><\/fieldset>/);
  });

  it("draws focus, error and disabled from the theme's CSS variables", () => {
    const css = styles(field({ error: true }));
    expect(css).toMatch(/select:focus~fieldset,[^{]*input:focus~fieldset\{border-color:var\(--mui-palette-error-main\);border-width:2px;\}/);
    expect(styles(field())).toMatch(/select:focus~fieldset,[^{]*input:focus~fieldset\{border-color:var\(--mui-palette-primary-main\);border-width:2px;\}/);
    expect(styles(field({ disabled: true }))).toMatch(/fieldset\{border-color:var\(--mui-palette-action-disabled\);\}/);
  });
});

describe("EnumSelect", () => {
  const codes = ["shelly", "spoony"] as const;
  it("offers the empty choice by name when it has one", () => {
    const html = markup(render(h(EnumSelect<(typeof codes)[number]>, { id: "t", label: "Type", value: "", onChange: () => {}, options: codes, empty: "Not set" })));
    expect(html).toMatch(/<option value="" selected="">Not set<\/option><option value="shelly">shelly<\/option>/);
  });
  it("shows nothing chosen (not the first code) while a required value is empty", () => {
    const html = markup(render(h(EnumSelect<(typeof codes)[number]>, { id: "t", label: "Type", value: "", onChange: () => {}, options: codes, labelOf: (c) => c.toUpperCase() })));
    expect(html).toMatch(/<option value="" disabled="" hidden="" selected=""><\/option><option value="shelly">SHELLY<\/option>/);
  });
});

describe("DateField", () => {
  it("is the browser's date input named by its label, its bounds and its error announced", () => {
    const html = markup(render(h(DateField, { id: "to", label: "To", value: "2024-01-08", onChange: () => {}, min: "2000-01-01", max: "2024-02-01", error: true, helperText: "Enter both days" })));
    expect(html).toMatch(/<label[^>]* for="to"[^>]*>To<\/label>/);
    expect(html).toMatch(/<input type="date" id="to" min="2000-01-01" max="2024-02-01" aria-invalid="true" aria-describedby="to-helper-text" class="[^"]*" value="2024-01-08"/);
    expect(html).toMatch(/<p[^>]* id="to-helper-text"[^>]*>Enter both days<\/p>/);
  });
});
