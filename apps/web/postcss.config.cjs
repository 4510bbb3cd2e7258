// Mantine's mixins (light/dark, rtl, breakpoints) and rem() in our CSS files.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
