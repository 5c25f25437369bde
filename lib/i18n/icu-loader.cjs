// A Turbopack (webpack-style) loader for the message catalogs (messages/<locale>/<part>.json):
// the file's messages compiled ahead of time (lib/i18n/icu-catalog.mjs), as a JavaScript module.
module.exports = function icuLoader(source) {
  const done = this.async();
  import("./icu-catalog.mjs")
    .then(({ compileTree }) => {
      const compiled = compileTree(JSON.parse(source));
      done(null, `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`);
    })
    .catch((error) => done(error));
};
