/* Leapfrog's prelude, included before every C file (gcc -include). Kept minimal: the names the
   verification conventions use without declaring them are recognised by name by the front end;
   only what the parser itself needs is declared here. */
typedef _Bool __CPROVER_bool;
