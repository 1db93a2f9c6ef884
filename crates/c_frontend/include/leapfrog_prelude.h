/* Leapfrog's prelude, included before every C file (gcc -include). Kept minimal: the names the
   verification conventions use without declaring them are recognised by name by the front end;
   only what the parser itself needs is declared here. */
typedef _Bool __CPROVER_bool;
/* <ctype.h> declares its functions instead of defining them as macros over glibc's tables
   (pointers from `__ctype_b_loc()`, which no analysis follows): the functions have models
   (leapfrog_string.c). */
#define __NO_CTYPE 1
