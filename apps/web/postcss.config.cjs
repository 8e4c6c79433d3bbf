// Mantine's breakpoints for mixins in CSS modules (decision 0014): sm 544, md 768, lg 992, xl 1200 px.
module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
    "postcss-simple-vars": {
      variables: {
        "mantine-breakpoint-xs": "30em",
        "mantine-breakpoint-sm": "34em",
        "mantine-breakpoint-md": "48em",
        "mantine-breakpoint-lg": "62em",
        "mantine-breakpoint-xl": "75em",
      },
    },
  },
};
